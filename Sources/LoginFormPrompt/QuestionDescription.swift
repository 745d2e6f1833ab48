/// A prompt without fields: a yes/no question (ssh's confirmations,
/// pinentry's CONFIRM), or a notice with one button.
package struct QuestionDescription {
  /// The question or notice, as plain text; may hold newlines.
  package var text: String
  /// The affirmative button, `_` before the mnemonic.
  package var yesLabel: String
  /// The negative button; nil for a notice with only the affirmative one.
  package var noLabel: String?
  /// A third button between them (pinentry's SETNOTOK), if any.
  package var otherLabel: String?
  /// Title, timeout, grab and window hints.
  package var options: PromptOptions

  /// A question with `text` and buttons labelled `yes` and `no`.
  package init(text: String, yes: String, no: String?, options: PromptOptions = PromptOptions()) {
    self.text = text
    yesLabel = yes
    noLabel = no
    self.options = options
  }

  /// The title: the caller's, else "Question".
  package var title: String { options.title ?? localized("Question") }
}
