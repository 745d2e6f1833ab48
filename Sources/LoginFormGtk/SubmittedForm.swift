/// What a valid form handed over: the trimmed username, if the form had one,
/// and a locked copy of the password, if it had one.
public struct SubmittedForm {
  /// The username without surrounding whitespace.
  public let username: Substring?
  /// The password, in locked memory that is wiped when the last reference
  /// goes.
  public let password: LockedBuffer?
  /// Whether the password was typed twice and both matched.
  public let passwordWasRepeated: Bool
}
