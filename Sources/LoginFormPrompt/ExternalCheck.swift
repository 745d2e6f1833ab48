/// A check of the password that only another program can make, such as
/// gpg-agent's passphrase constraints: the presenter reports each edit
/// (its front end asks the other program), and the affirmative button stays
/// insensitive until the value in the field has been accepted.
package struct ExternalCheck {
  /// The heading of a refusal ("Passphrase Not Allowed"), if the checker
  /// gave one.
  package var refusalTitle: String?

  package init(refusalTitle: String?) {
    self.refusalTitle = refusalTitle
  }
}

/// The other program's verdict on the value in the field, as a presenter
/// shows it.
package enum ExternalVerdict: Hashable, Sendable {
  /// The value may be submitted.
  case accepted
  /// It may not: `message` says why on one line (the field's message
  /// line), `details` at length (its tooltip).
  case refused(message: String, details: String)
  /// The checker gave no verdict; it judges the value once submitted, so
  /// the form does not wait for it.
  case unavailable
}

/// Where an external check stands for the value in the field: the one
/// place a presenter asks whether it may submit and what to say. Typing
/// never waits for the checker; the verdict on an older value is never
/// taken for the current one (the front end drops it).
package struct ExternalCheckState: Hashable, Sendable {
  /// The verdict on the current value; nil while it is awaited.
  package private(set) var verdict: ExternalVerdict?
  /// The refusal to show. The latest refusal stays while the verdict on a
  /// newer value is awaited, so the message does not flicker on each key;
  /// it goes once a value is accepted or the field is emptied.
  package private(set) var shownRefusal: FieldMessage.Refusal?

  /// Nothing checked yet.
  package init() {}

  /// Whether the form may be submitted as far as the checker is concerned.
  package var allowsSubmit: Bool {
    verdict == .accepted || verdict == .unavailable
  }

  /// The value changed; an empty one has nothing to be refused for.
  package mutating func valueChanged(isEmpty: Bool) {
    if verdict == .unavailable { return }
    verdict = nil
    if isEmpty { shownRefusal = nil }
  }

  /// The checker's verdict on the current value.
  package mutating func receive(_ verdict: ExternalVerdict) {
    self.verdict = verdict
    switch verdict {
    case .refused(let message, let details):
      shownRefusal = FieldMessage.Refusal(message: message, details: details)
    case .accepted, .unavailable: shownRefusal = nil
    }
  }
}
