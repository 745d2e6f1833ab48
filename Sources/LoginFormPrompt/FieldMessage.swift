import LoginFormModel

/// The line under a field, as every presenter shows it: the model's hint or
/// error while there is one; before that, the caller's error about the
/// field (pinentry's "Bad Passphrase (try 2 of 3)"), until the first
/// keystroke; and on an empty field, what the field needs, dimmed ("At least
/// 6 characters"), so that the rule is in sight before it bites.
package struct FieldMessage: Hashable, Sendable {
  /// How the line looks.
  package enum Style: Hashable, Sendable {
    /// What the field needs, before any of it is typed: dim.
    case requirement
    /// What the value still lacks while it is typed: plain.
    case hint
    /// What is wrong: the error icon, and an outline on the entry.
    case error
  }

  /// The words.
  package let text: String
  /// How they look.
  package let style: Style

  package init(_ text: String, style: Style) {
    self.text = text
    self.style = style
  }

  /// What one field's line needs to know besides the model's feedback.
  package struct Source: Sendable {
    /// What the field needs, if anything worth saying.
    package let requirement: String?
    /// The caller's error about this field, until the user types.
    package private(set) var callerError: String?
    /// The caller's wording of a repeat that differs, if any.
    package let mismatchText: String?

    /// The line's source for `field` of the form `description` describes:
    /// the caller's error belongs to the password.
    package init(field: Field, of description: FormDescription) {
      requirement = IssueMessage.requirement(of: field, rules: description.rules[field])
      callerError = field == .password ? description.error : nil
      mismatchText = description.mismatchText
    }

    /// The user has typed into the field: the caller's error was about
    /// the value before.
    package mutating func userEdited() {
      callerError = nil
    }

    /// The line for the model's `feedback` on a field whose value
    /// `isEmpty`; nil for an empty line.
    package func line(feedback: FieldFeedback?, isEmpty: Bool) -> FieldMessage? {
      if let feedback {
        return FieldMessage(
          IssueMessage.text(for: feedback.issue, mismatchText: mismatchText),
          style: feedback.isError ? .error : .hint)
      }
      if let callerError { return FieldMessage(callerError, style: .error) }
      if isEmpty, let requirement { return FieldMessage(requirement, style: .requirement) }
      return nil
    }
  }
}
