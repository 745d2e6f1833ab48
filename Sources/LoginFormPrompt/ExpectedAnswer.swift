/// An entry beside a question where the user may paste the value they
/// expect, such as the fingerprint of the host key they were given, to be
/// compared with the one the caller sent. A match is a deliberate yes, which
/// the caller can check (`PromptResult.verified`); anything else that
/// stands there keeps "yes" from being pressed.
package struct ExpectedAnswer {
  /// The entry's label, `_` before the mnemonic.
  package var label: String
  /// What to say once the value matches.
  package var matchText: String
  /// What to say while a value that does not match stands.
  package var mismatchText: String
  private let judge: (String) -> Verdict

  /// An entry labelled `label` whose text `judge` compares with the
  /// expected value.
  package init(
    label: String, matchText: String, mismatchText: String,
    judge: @escaping (String) -> Verdict
  ) {
    self.label = label
    self.matchText = matchText
    self.mismatchText = mismatchText
    self.judge = judge
  }

  /// How the entry's text compares with the expected value.
  package enum Verdict: Hashable, Sendable {
    /// Nothing given: the question stands as asked.
    case empty
    /// The start of the expected value: typing may not be done.
    case partial
    /// The expected value.
    case matches
    /// Something else.
    case differs
  }

  /// How `text`, the entry's content, compares.
  package func verdict(for text: String) -> Verdict {
    judge(text)
  }

  /// Whether "yes" may be pressed while `verdict` stands: not while the
  /// entry holds anything but nothing or the expected value, since the
  /// user then meant another answer than a plain yes.
  package static func allowsYes(_ verdict: Verdict) -> Bool {
    verdict == .empty || verdict == .matches
  }

  /// The line under the entry for `verdict`, and whether it is an error;
  /// nil for none.
  package func message(for verdict: Verdict) -> (text: String, isError: Bool)? {
    switch verdict {
    case .empty, .partial: nil
    case .matches: (matchText, false)
    case .differs: (mismatchText, true)
    }
  }
}
