import LoginFormFrontEnd
import LoginFormProtocols

/// The password manager, the notes under `$XDG_RUNTIME_DIR` and ssh's key
/// files as this process reaches them, each made when first asked for: the
/// Secret Service is asked only once something is looked up or saved, and
/// the notes' directory made only once a note is needed.
package final class ProcessKeyringAccess: KeyringAccess {
  private let runtimeDirectory: String?
  private let makeKeyring: () -> Keyring

  /// Notes under `runtimeDirectory`; the password manager's failures said
  /// through `warn`. After a hand-off from the quick program, its
  /// password manager's answers come first (see `Keyring.secretService`).
  package convenience init(
    runtimeDirectory: String?, replaying handOff: HandOff? = nil,
    warn: @escaping (String) -> Void
  ) {
    self.init(runtimeDirectory: runtimeDirectory) {
      Keyring.secretService(replaying: handOff, warn: warn)
    }
  }

  /// Notes under `runtimeDirectory`, and the password manager `keyring`
  /// makes when first asked for.
  package init(runtimeDirectory: String?, keyring: @escaping () -> Keyring) {
    self.runtimeDirectory = runtimeDirectory
    self.makeKeyring = keyring
  }

  package private(set) lazy var keyring = makeKeyring()

  package private(set) lazy var notes: any ProcessNotes = RuntimeNotes(
    runtimeDirectory: runtimeDirectory)

  /// The key file relative to this process's directory, which it shares
  /// with ssh, named as gnome-keyring names it; the caller is the parent.
  package func sshKey(for prompt: SshKeyPrompt) -> SshKeyPassphrase? {
    guard let file = SshKeyFile(named: prompt.keyPath) else { return nil }
    return SshKeyPassphrase(
      prompt: prompt, keyFile: file.path, comment: file.comment,
      caller: CallerProcess.parentIdentity)
  }
}
