import LoginFormLockedMemory
import LoginFormPrompt

/// A form that outlives its Done (`FormDescription.isConversation`): what
/// was typed goes to another program (PAM, through polkit's helper), which
/// may ask again, say things meanwhile, or turn it down. The front end ends
/// it, with `finish(_:)`, when the other program has decided.
@MainActor package protocol ConversationSurface: FormSurface {
  /// Called with what was typed when Done is pressed on a valid form; the
  /// form then waits, with nothing to type, until `ask` or `finish`.
  var onSubmit: ((SubmittedForm) -> Void)? { get set }
  /// Called with the index of the option chosen in the form's `choice`,
  /// when the user changes it.
  var onChoose: ((Int) -> Void)? { get set }
  /// Asks (again) for the password: the field emptied and labelled
  /// `label` (`_` before its mnemonic), showing what is typed when `echo`
  /// is `.shownAtFirst`, with `error` as its message until the user types.
  func ask(label: String, echo: PasswordEcho, error: String?)
  /// Shows what the other program says (`text`, one line each), or nothing.
  func say(_ text: String?)
}
