/// The values a valid form hands to its caller.
public struct Credentials: Hashable, Sendable {
  /// The username without surrounding whitespace, as the rules judged it.
  public let username: String
  /// The password exactly as typed.
  public let password: String

  /// Pairs a username and a password.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
}
