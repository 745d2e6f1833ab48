import LoginFormFrontEnd
import LoginFormProtocols

/// One process's way to a fake password manager and fake notes: two
/// accesses over the same store and notes are two processes of the same
/// user. Every key file an ssh prompt names exists, and is asked for by
/// `caller`. Keeps what a plan reached for, in order: "keyring",
/// "handOff", "sshKey".
final class FakeKeyringAccess: KeyringAccess {
  let store: FakePasswordStore?
  let notes: FakeHandOff
  let log = WarningLog()
  private let caller: String
  private(set) var reached: [String] = []

  init(
    store: FakePasswordStore? = FakePasswordStore(), notes: FakeHandOff = FakeHandOff(),
    caller: String = "100:5"
  ) {
    self.store = store
    self.notes = notes
    self.caller = caller
  }

  private lazy var madeKeyring = log.keyring(store)

  var keyring: Keyring {
    reached.append("keyring")
    return madeKeyring
  }

  var handOff: any HandOff {
    reached.append("handOff")
    return notes
  }

  func sshKey(for prompt: SshKeyPrompt) -> SshKeyPassphrase? {
    reached.append("sshKey")
    return SshKeyPassphrase(
      prompt: prompt, keyFile: prompt.keyPath, comment: "a@host", caller: caller)
  }
}
