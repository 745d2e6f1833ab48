/// How a prompt ended. Turning it into output and an exit status is the
/// front end's job.
package enum PromptResult {
  /// The user pressed the affirmative button on a valid form.
  case submitted(SubmittedForm)
  /// The user answered a question: true for yes.
  case answered(Bool)
  /// The user answered yes by giving the value the question's
  /// `ExpectedAnswer` expected (a host key's fingerprint).
  case verified
  /// The user pressed a question's third button.
  case answeredOther
  /// The user pressed Cancel or Esc.
  case cancelled
  /// The user closed the window (pinentry tells this apart from Cancel).
  case closed
  /// The process received SIGINT, SIGTERM or SIGHUP; the payload is its number.
  case interrupted(signal: Int32)
  /// The timeout passed before the user typed anything.
  case timedOut
  /// The keyboard could not be had, so the user could not type safely.
  case keyboardUnavailable
  /// No locked memory could hold the secret: the prompt did not ask, or
  /// could not hand over what was typed.
  case lockedMemoryUnavailable

  /// Whether the user backed out (Cancel, Esc, or the window closed).
  package var isCancellation: Bool {
    switch self {
    case .cancelled, .closed: true
    default: false
    }
  }
}
