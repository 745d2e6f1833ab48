/// An ssh prompt for the passphrase of a key file, which the password
/// manager may answer: ssh-add's `Enter passphrase for PATH: ` (and `…
/// (will confirm each use): `), its retry `Bad passphrase, try again for
/// PATH: `, and ssh's `Enter passphrase for key 'PATH': ` (OpenSSH 9.2).
package struct SshKeyPrompt: Hashable, Sendable {
  /// The key file as ssh names it: absolute, or relative to ssh's
  /// directory, which the askpass program shares.
  package let keyPath: String
  /// Whether ssh says the last passphrase was wrong: the password manager
  /// is not asked again.
  package let isRetry: Bool

  /// ssh truncates the path in `key '%.100s'` at 100 bytes: a path that
  /// long may be cut, so it names no file for sure.
  static let quotedPathLimit = 100

  /// The key `prompt` asks for, or nil when it is no key passphrase prompt
  /// (a PKCS#11 token's `Enter passphrase for PKCS#11: ` is a PIN).
  package init?(prompt: String) {
    var rest = Substring(prompt)
    if rest.hasPrefix("Enter passphrase for ") {
      rest = rest.dropFirst("Enter passphrase for ".count)
      isRetry = false
    } else if rest.hasPrefix("Bad passphrase, try again for ") {
      rest = rest.dropFirst("Bad passphrase, try again for ".count)
      isRetry = true
    } else {
      return nil
    }
    guard rest.hasSuffix(": ") else { return nil }
    rest = rest.dropLast(2)
    if rest.hasSuffix(" (will confirm each use)") {
      rest = rest.dropLast(" (will confirm each use)".count)
    }
    if !isRetry, rest.hasPrefix("key '"), rest.hasSuffix("'"), rest.count > 6 {
      rest = rest.dropFirst("key '".count).dropLast()
      guard rest.utf8.count < Self.quotedPathLimit else { return nil }
    }
    guard !rest.isEmpty, rest != "PKCS#11", !rest.contains(where: \.isNewline) else { return nil }
    keyPath = String(rest)
  }
}
