import LoginFormModel

/// How a prompt ended. Turning it into output and an exit code is the
/// caller's job.
public enum PromptResult: Equatable, Sendable {
  /// The user pressed Done (or Enter) on a valid form.
  case submitted(Credentials)
  /// The user pressed Cancel or Esc, or closed the window.
  case cancelled
  /// The process received SIGINT, SIGTERM or SIGHUP; the payload is its number.
  case interrupted(signal: Int32)
  /// The caller's timeout passed first.
  case timedOut
}
