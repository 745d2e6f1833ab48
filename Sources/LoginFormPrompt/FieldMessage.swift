import LoginFormModel

/// The line under a field, as every presenter shows it: the model's hint or
/// error while there is one; for the password, else the checker's latest
/// refusal (gpg-agent's passphrase constraints); for the repeat, else the
/// caller's word that it matches; before any of that, the caller's error
/// about the field (pinentry's "Bad Passphrase (try 2 of 3)"), until the
/// first keystroke; and on an empty field, what the field needs, dimmed
/// ("At least 6 characters"), so that the rule is in sight before it bites.
package struct FieldMessage: Hashable, Sendable {
  /// How the line looks.
  package enum Style: Hashable, Sendable {
    /// What the field needs, before any of it is typed: dim.
    case requirement
    /// What the value still lacks while it is typed, or that it is right:
    /// plain.
    case hint
    /// What is wrong: the error icon, and an outline on the entry.
    case error
  }

  /// The words.
  package let text: String
  /// How they look.
  package let style: Style
  /// The whole of what `text` sums up, when there is more (the tooltip).
  package let details: String?

  package init(_ text: String, style: Style, details: String? = nil) {
    self.text = text
    self.style = style
    self.details = details
  }

  /// A checker's refusal of the value in the field (see
  /// `ExternalCheckState.shownRefusal`).
  package struct Refusal: Hashable, Sendable {
    /// One line, for the field's message.
    package let message: String
    /// All of it, for the tooltip.
    package let details: String

    package init(message: String, details: String) {
      self.message = message
      self.details = details
    }
  }

  /// What one field's line needs to know besides the model's feedback.
  package struct Source: Sendable {
    /// What the field needs, if anything worth saying.
    package let requirement: String?
    /// The requirement at length, if the caller gave it.
    package let requirementDetails: String?
    /// The caller's error about this field, until the user types.
    package private(set) var callerError: String?
    /// The caller's wording of a repeat that differs, if any.
    package let mismatchText: String?
    /// The caller's word for a repeat that matches, if any.
    package let matchText: String?
    /// Whether another program judges the value (a checker as it is
    /// typed, or a conversation's other side once it is submitted), so
    /// that its refusal, whose length nobody knows beforehand, may take
    /// the line.
    package let mayBeRefused: Bool

    /// The line's source for `field` of the form `description` describes:
    /// the caller's error and the checker's rule belong to the password,
    /// the word that it matches to the repeat.
    package init(field: Field, of description: FormDescription) {
      let isPassword = field == .password
      requirement =
        (isPassword ? description.passwordRequirement : nil)
        ?? IssueMessage.requirement(of: field, rules: description.rules[field])
      requirementDetails = isPassword ? description.passwordRequirementDetails : nil
      callerError = isPassword ? description.error : nil
      mismatchText = description.mismatchText
      matchText = field == .passwordRepeat ? description.matchText : nil
      mayBeRefused =
        isPassword && (description.externalCheck != nil || description.isConversation)
    }

    /// The user has typed into the field: the caller's error was about
    /// the value before.
    package mutating func userEdited() {
      callerError = nil
    }

    /// The caller has something to say about the value it just turned
    /// down (a wrong password), until the user types again.
    package mutating func callerSays(_ error: String?) {
      callerError = error
    }

    /// The line for the model's `feedback` on a field whose value
    /// `isEmpty`, with the checker's latest `refusal` of it, an error once
    /// the field `isSettled` (left after editing, or submitting was tried)
    /// as the model's own issues are; nil for an empty line.
    package func line(
      feedback: FieldFeedback?, isEmpty: Bool, refusal: Refusal? = nil, isSettled: Bool = false
    ) -> FieldMessage? {
      if let feedback {
        return FieldMessage(
          IssueMessage.text(for: feedback.issue, mismatchText: mismatchText),
          style: feedback.isError ? .error : .hint)
      }
      if let refusal {
        return FieldMessage(
          refusal.message, style: isSettled ? .error : .hint, details: refusal.details)
      }
      if let callerError { return FieldMessage(callerError, style: .error) }
      if isEmpty, let requirement {
        return FieldMessage(requirement, style: .requirement, details: requirementDetails)
      }
      if !isEmpty, let matchText { return FieldMessage(matchText, style: .hint) }
      return nil
    }
  }
}
