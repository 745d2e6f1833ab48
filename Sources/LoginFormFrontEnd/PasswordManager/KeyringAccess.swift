import LoginFormProtocols

/// How the askpass and git plans reach what lies outside the process: the
/// password manager, the notes one process leaves the next, and the key
/// file an ssh prompt names. The executable's (`ProcessKeyringAccess`, in
/// LoginFormKeyring) makes each when first asked, so a prompt that needs
/// none of them neither asks the Secret Service nor makes a directory nor
/// reads a file; the tests' is a fake.
package protocol KeyringAccess: AnyObject {
  /// The password manager.
  var keyring: Keyring { get }
  /// The notes between processes of this user.
  var notes: any ProcessNotes { get }
  /// The passphrase of the key file `prompt` names, as the process that
  /// started this one asks for it; nil when there is no such file.
  func sshKey(for prompt: SshKeyPrompt) -> SshKeyPassphrase?
}
