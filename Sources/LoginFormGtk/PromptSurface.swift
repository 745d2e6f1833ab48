import LoginFormPrompt

/// A prompt window as its runner sees it: something to show and, whatever
/// happens outside it (a signal, a lost keyboard), something to end.
@MainActor package protocol PromptSurface: AnyObject, Sendable {
  /// Shows the window.
  func present()
  /// Ends the prompt with `result`, unless it has already ended.
  func finish(_ result: PromptResult)
}
