import LoginFormFrontEnd
import LoginFormProtocols

/// One process's way to a fake password manager and fake notes: two
/// accesses over the same store and notes are two processes of the same
/// user. Every key file an ssh prompt names exists, and is asked for by
/// `caller`. Keeps what a plan reached for, in order: "keyring",
/// "notes", "sshKey".
final class FakeKeyringAccess: KeyringAccess {
  let store: FakePasswordStore?
  let fakeNotes: FakeNotes
  let log = WarningLog()
  private let caller: String
  private(set) var reached: [String] = []

  init(
    store: FakePasswordStore? = FakePasswordStore(), notes: FakeNotes = FakeNotes(),
    caller: String = "100:5"
  ) {
    self.store = store
    fakeNotes = notes
    self.caller = caller
  }

  private lazy var madeKeyring = log.keyring(store)

  var keyring: Keyring {
    reached.append("keyring")
    return madeKeyring
  }

  var notes: any ProcessNotes {
    reached.append("notes")
    return fakeNotes
  }

  func sshKey(for prompt: SshKeyPrompt) -> SshKeyPassphrase? {
    reached.append("sshKey")
    return SshKeyPassphrase(
      prompt: prompt, keyFile: prompt.keyPath, comment: "a@host", caller: caller)
  }
}
