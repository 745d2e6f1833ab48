/// What the single field of an askpass prompt holds, which names its label.
package enum AskpassField: Hashable, Sendable {
  /// A password, typed hidden (sudo, an ssh login, git's password).
  case password
  /// A key's passphrase, typed hidden (ssh-add, ssh).
  case passphrase
  /// A token's or security key's PIN, typed hidden.
  case pin
  /// An account name, typed in clear (git's `Username for '…': `).
  case username
  /// A one-time code from an authenticator app, typed in clear: it is
  /// worthless once used, and a code typed blind is easily mistyped
  /// (keyboard-interactive's `Verification code:`).
  case oneTimeCode

  /// Whether the field's value is a secret to hide and to read in place.
  package var isSecret: Bool { self != .username && self != .oneTimeCode }
}
