/// A prompt without fields: a yes/no question (ssh's confirmations,
/// pinentry's CONFIRM), or a notice with one button.
package struct QuestionDescription {
  /// A short line that says what is asked ("Connect to example.org?"),
  /// shown above the text as its heading; nil for none.
  package var heading: String?
  /// The question or notice, as plain text; may hold newlines.
  package var text: String
  /// What is there to be compared or copied rather than read (a key's type
  /// and fingerprint): shown in a fixed-width font, selectable, each line
  /// whole, never wrapped. Nil for none.
  package var detail: String?
  /// The affirmative button, `_` before the mnemonic.
  package var yesLabel: String
  /// The negative button; nil for a notice with only the affirmative one.
  package var noLabel: String?
  /// A third button between them (pinentry's SETNOTOK), if any.
  package var otherLabel: String?
  /// Whether "yes" grants or weakens something (trusts a host key, allows
  /// a key's use, accepts a weak passphrase). Then no button is the
  /// default, the focus starts on the negative one and "yes" is not styled
  /// as the suggested action, so that a stray Enter never says yes: the
  /// user must click it or press its mnemonic. True for every question
  /// with a negative button unless the front end knows better; a notice's
  /// one button grants nothing.
  package var yesGrants: Bool
  /// An entry where the user may give the value they expect (ssh's host-key
  /// fingerprint), compared live with the one the caller sent; nil for
  /// none.
  package var expectedAnswer: ExpectedAnswer?
  /// Title, timeout, grab and window hints.
  package var options: PromptOptions

  /// A question with `text` and buttons labelled `yes` and `no`.
  package init(text: String, yes: String, no: String?, options: PromptOptions = PromptOptions()) {
    self.text = text
    yesLabel = yes
    noLabel = no
    yesGrants = no != nil
    self.options = options
  }

  /// The title: the caller's, else "Question".
  package var title: String { options.title ?? localized("Question") }

  /// Whether the affirmative button is the default (Enter presses it from
  /// anywhere) while the expected-answer entry judges `verdict` (`.empty`
  /// without one): a harmless "yes", or a "yes" the user has just proved
  /// they meant by giving the expected value.
  package func yesIsDefault(with verdict: ExpectedAnswer.Verdict = .empty) -> Bool {
    !yesGrants || verdict == .matches
  }
}
