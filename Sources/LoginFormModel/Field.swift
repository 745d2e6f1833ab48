/// One of the entries a form can have.
public enum Field: Hashable, Sendable, CaseIterable {
  /// The account name, in clear text. It is judged and output without
  /// surrounding whitespace.
  case username
  /// The secret. It is judged and output exactly as typed, and never held by
  /// the model: the model reads it from a `SecretText` when told it changed.
  case password
  /// The secret typed a second time, for a new password: it must equal the
  /// password byte for byte.
  case passwordRepeat

  /// Whether the field's value is a secret that the model reads in place
  /// rather than stores.
  public var isSecret: Bool { self != .username }
}
