/// The security key or token an askpass prompt is about, as ssh names it
/// in its prompt (OpenSSH 9.2: ssh-agent.c, sshconnect2.c, ssh-keygen.c,
/// ssh-add.c, ssh-pkcs11.c).
package enum AskpassDevice: Hashable, Sendable {
  /// A FIDO security key (`-sk` keys): the key's type (`ED25519-SK`) and its
  /// fingerprint or file, when ssh names them, and whether it must be
  /// touched once the PIN is in.
  case securityKey(type: String?, key: String?, needsTouch: Bool)
  /// A PKCS#11 token (a smart card, a software token), with its label when
  /// ssh names it.
  case token(label: String?)
}
