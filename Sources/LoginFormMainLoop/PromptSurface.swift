import LoginFormPrompt

/// A prompt's presenter (a window, or the terminal) as its runner sees it:
/// something to show and, whatever happens outside it (a signal, a lost
/// keyboard or terminal), something to end.
@MainActor package protocol PromptSurface: AnyObject, Sendable {
  /// Shows the prompt.
  func present()
  /// Ends the prompt with `result`, unless it has already ended.
  func finish(_ result: PromptResult)
}
