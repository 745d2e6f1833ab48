/// A prompt without fields: a yes/no question (ssh's confirmations,
/// pinentry's CONFIRM), or a notice with one button.
public struct QuestionDescription {
  /// The question or notice, as plain text; may hold newlines.
  public var text: String
  /// The affirmative button, `_` before the mnemonic.
  public var yesLabel: String
  /// The negative button; nil for a notice with only the affirmative one.
  public var noLabel: String?
  /// A third button between them (pinentry's SETNOTOK), if any.
  public var otherLabel: String?
  /// Where and how the window appears.
  public var window = WindowOptions()

  /// A question with `text` and buttons labelled `yes` and `no`, in a
  /// window placed as `options` say.
  public init(text: String, yes: String, no: String?, options: WindowOptions = WindowOptions()) {
    self.text = text
    yesLabel = yes
    noLabel = no
    window = options
  }
}
