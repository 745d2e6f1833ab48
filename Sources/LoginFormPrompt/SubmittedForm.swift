import LoginFormModel

/// What a valid form handed over: the trimmed username, if the form had one,
/// and a copy of the password, if it had one.
package struct SubmittedForm {
  /// The username without surrounding whitespace.
  package let username: Substring?
  /// The password, in locked memory that is wiped when the last reference
  /// to it goes: the presenter's copy, since its entry is cleared when the
  /// prompt ends.
  package let password: (any SecretText)?
  /// Whether the password was typed twice and both matched.
  package let passwordWasRepeated: Bool
  /// Whether the user accepted the form's `RememberOffer`: false when it
  /// made none.
  package let remembers: Bool

  package init(
    username: Substring?, password: (any SecretText)?, passwordWasRepeated: Bool,
    remembers: Bool = false
  ) {
    self.username = username
    self.password = password
    self.passwordWasRepeated = passwordWasRepeated
    self.remembers = remembers
  }
}
