/// One of the two entries of the form.
public enum Field: Hashable, Sendable, CaseIterable {
  /// The account name. It is judged and output without surrounding whitespace.
  case username
  /// The secret. It is judged and output exactly as typed.
  case password
}
