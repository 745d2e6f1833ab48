import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// An ssh key's passphrase from and into the password manager, with
/// gnome-keyring's item, and ksshaskpass's rule for a passphrase that failed.
@Suite struct SshKeyPassphraseTests {
  private static let keyFile = "/home/a/.ssh/id_ed25519"
  private static let gnomeItem = FakePasswordStore.Item.sshKey(keyFile, secret: "key pass")

  private func key(_ prompt: String, caller: String = "100:5") throws -> SshKeyPassphrase {
    let request = AskpassRequest(prompt: prompt, promptMode: nil)
    let keyPrompt = try #require(SshKeyPassphrase.keyPrompt(of: request))
    return SshKeyPassphrase(
      prompt: keyPrompt, keyFile: Self.keyFile, comment: "a@host", caller: caller)
  }

  private let first = "Enter passphrase for \(keyFile): "
  private let retry = "Bad passphrase, try again for \(keyFile): "

  @Test func onlySshsPassphrasePromptsAreForTheKeyring() {
    for (prompt, mode) in [
      ("Enter passphrase for \(Self.keyFile): ", "confirm"),
      ("[sudo] password for a: ", nil),
      ("Enter PIN for ED25519-SK key /k: ", nil),
    ] as [(String, String?)] {
      #expect(
        SshKeyPassphrase.keyPrompt(of: AskpassRequest(prompt: prompt, promptMode: mode)) == nil)
    }
  }

  @Test func aStoredPassphraseAnswersWithNoWindow() throws {
    let store = FakePasswordStore(items: [Self.gnomeItem])
    let notes = FakeNotes()
    let answer = try #require(
      try key(first).answerFromKeyring(WarningLog().keyring(store), notes: notes))
    #expect(answer.written == ("key pass\n", .submitted))
    #expect(notes.left.count == 1)
  }

  @Test func theSameSshAskingAgainMeansThePassphraseFailedAndItsItemGoes() throws {
    let store = FakePasswordStore(items: [Self.gnomeItem])
    let notes = FakeNotes()
    let keyring = WarningLog().keyring(store)
    #expect(try key(first).answerFromKeyring(keyring, notes: notes) != nil)
    // ssh's own retry repeats its prompt; ssh-add's says "Bad passphrase".
    for prompt in [first, retry] {
      let again = FakeNotes()
      again.left = notes.left
      let store = FakePasswordStore(items: [Self.gnomeItem])
      #expect(try key(prompt).answerFromKeyring(WarningLog().keyring(store), notes: again) == nil)
      #expect(store.items.isEmpty, "\(prompt)")
      #expect(again.left.isEmpty)
    }
  }

  @Test func anotherCallerOrKeyIsNotATrace() throws {
    let store = FakePasswordStore(items: [Self.gnomeItem])
    let notes = FakeNotes()
    let keyring = WarningLog().keyring(store)
    #expect(try key(first).answerFromKeyring(keyring, notes: notes) != nil)
    #expect(try key(first, caller: "101:9").answerFromKeyring(keyring, notes: notes) != nil)
    #expect(store.items.count == 1)
  }

  @Test func aBadPassphrasePromptNeverUsesTheStore() throws {
    let store = FakePasswordStore(items: [Self.gnomeItem])
    #expect(
      try key(retry).answerFromKeyring(WarningLog().keyring(store), notes: FakeNotes()) == nil)
    #expect(!store.calls.contains("lookup"))
    #expect(store.items.count == 1)
  }

  @Test func aStoredSecretSshCouldNotReadIsAskedFor() throws {
    for secret in ["two\nlines", String(repeating: "x", count: 1024), ""] {
      let store = FakePasswordStore(items: [Self.gnomeItem.withSecret(secret)])
      #expect(
        try key(first).answerFromKeyring(WarningLog().keyring(store), notes: FakeNotes())
          == nil)
    }
  }

  @Test func aTickedBoxSavesGnomeKeyringsItem() throws {
    let store = FakePasswordStore()
    let keyring = WarningLog().keyring(store)
    #expect(SshKeyPassphrase.offer(keyring)?.label == "Save in password _manager")
    let form = SubmittedForm(
      username: nil, password: TestSecret("new pass"), passwordWasRepeated: false,
      remembers: true)
    try key(first).finish(.submitted(form), keyring: keyring)
    #expect(store.items == [Self.gnomeItem.withSecret("new pass")])
    // And the next ssh-add finds it.
    #expect(
      try key(first, caller: "200:1").answerFromKeyring(keyring, notes: FakeNotes())?.written
        .output == "new pass\n")
  }

  @Test func anUntickedBoxOrACancelSavesNothing() throws {
    let store = FakePasswordStore()
    let keyring = WarningLog().keyring(store)
    let form = SubmittedForm(
      username: nil, password: TestSecret("pw"), passwordWasRepeated: false)
    try key(first).finish(.submitted(form), keyring: keyring)
    try key(first).finish(.cancelled, keyring: keyring)
    #expect(store.items.isEmpty)
  }

  @Test func theLabelNamesTheKeyByItsCommentElseItsPath() throws {
    let request = AskpassRequest(prompt: first, promptMode: nil)
    let prompt = try #require(SshKeyPassphrase.keyPrompt(of: request))
    let bare = SshKeyPassphrase(prompt: prompt, keyFile: "/k", comment: nil, caller: "1")
    #expect(bare.item.label == "Unlock password for: /k")
    #expect(bare.search.attributes == ["unique": "ssh-store:/k"] && !bare.search.matchesSchema)
  }

  @Test func noOfferWhenThePasswordManagerCannotSave() {
    let store = FakePasswordStore()
    store.savable = false
    #expect(SshKeyPassphrase.offer(WarningLog().keyring(store)) == nil)
    let prompt = AskpassFrontEnd.prompt(
      for: AskpassRequest(prompt: first, promptMode: nil), environment: LaunchEnvironment(),
      offer: SshKeyPassphrase.offer(WarningLog().keyring(FakePasswordStore())))
    #expect(prompt.form?.rememberOffer?.label == "Save in password _manager")
  }
}
