import LoginFormMainLoop
import LoginFormPrompt
import LoginFormProtocols

/// What a pinentry program does with a request the password manager did
/// not answer: login-form shows it, in a window or on the terminal; the
/// quick pinentry hands the conversation over to login-form, which shows
/// it.
@MainActor package protocol PinentryShowing: AnyObject {
  /// Shows `prompt`, for a request with `options`; `ended` takes how it
  /// ended. Says what shows it, or why nothing can.
  func show(
    _ prompt: Prompt, options: PinentryOptions,
    ended: @escaping @MainActor (PromptResult) -> Void
  ) -> PinentryShowOutcome
}

/// How showing a request went.
@MainActor package enum PinentryShowOutcome {
  /// It is shown: a form the conversation goes on with, or anything else.
  case shown(PresentedPrompt)
  /// Nothing can show it (no display, and no terminal it could use): the
  /// agent is told why.
  case refused(TerminalProblem)
  /// It ended before it was shown (no locked memory was left for it).
  case ended(PromptResult)
}
