import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// git passwords in the password manager, laid out as git-credential-libsecret
/// lays them out, and the "Remember" choice from get to store.
@Suite struct GitCredentialKeyringTests {
  private static let attributes = [
    "user": "carol", "protocol": "http", "server": "127.0.0.1", "port": "8080",
    "object": "repo.git",
  ]
  /// What current git's helper stores; Debian 12's writes another schema.
  private static let libsecretItem = FakePasswordStore.Item(
    schema: "org.git.Password",
    attributes: attributes.merging(["xdg:schema": "org.git.Password"]) { $1 },
    label: "Git: http://127.0.0.1:8080/repo.git", secret: "horse 9%")

  private func request(_ text: String) throws -> GitCredentialRequest {
    try withBytes(text) { bytes throws(GitCredentialError) in
      try GitCredentialRequest(parsing: bytes)
    }
  }

  private let description = "protocol=http\nhost=127.0.0.1:8080\npath=repo.git\n"

  @Test func getFindsTheItemAndItsUserWithNoWindow() throws {
    let store = FakePasswordStore(items: [Self.libsecretItem])
    let answer = try #require(
      GitCredentialKeyring.answerFromKeyring(
        for: try request(description), keyring: WarningLog().keyring(store)))
    #expect(answer.written == ("username=carol\npassword=horse 9%\n", .submitted))
  }

  /// Unlike git-credential-libsecret: `erase` may not remove another
  /// program's item, so a wrong password there would fail every git run
  /// without a window if `get` answered with it.
  @Test func anotherProgramsItemWithGitsAttributesIsNotAnAnswer() throws {
    let store = FakePasswordStore(items: [Self.mailItem])
    #expect(
      GitCredentialKeyring.answerFromKeyring(
        for: try request(description), keyring: WarningLog().keyring(store)) == nil)
  }

  @Test func getLooksUpGitsUserWhenGitNamesOne() throws {
    let store = FakePasswordStore(items: [Self.libsecretItem])
    let keyring = WarningLog().keyring(store)
    #expect(
      GitCredentialKeyring.answerFromKeyring(
        for: try request(description + "username=dave\n"), keyring: keyring) == nil)
    #expect(
      GitCredentialKeyring.answerFromKeyring(
        for: try request(description + "username=carol\n"), keyring: keyring) != nil)
  }

  @Test func anItemWithoutAUserOrAPasswordGitCanTakeIsAskedFor() throws {
    var anonymous = Self.libsecretItem
    anonymous.attributes["user"] = nil
    var broken = Self.libsecretItem
    broken.secret = "pass\rword"
    for item in [anonymous, broken] {
      #expect(
        GitCredentialKeyring.answerFromKeyring(
          for: try request(description),
          keyring: WarningLog().keyring(FakePasswordStore(items: [item]))) == nil)
    }
  }

  @Test func theAttributesAreGitCredentialLibsecrets() throws {
    let search = GitCredentialKeyring.search(
      for: try request(description), username: "carol")
    #expect(search.attributes == Self.attributes)
    #expect(!search.matchesSchema && search.integerAttributes == ["port"])
    let plain = GitCredentialKeyring.search(
      for: try request("protocol=https\nhost=example.com\n"), username: nil)
    #expect(plain.attributes == ["protocol": "https", "server": "example.com"])
    // As C's atoi read into an unsigned short: garbage is 0, which means none.
    let odd = GitCredentialKeyring.search(
      for: try request("protocol=https\nhost=h:x\n"), username: nil)
    #expect(odd.attributes == ["protocol": "https", "server": "h"])
    let wrapped = GitCredentialKeyring.search(
      for: try request("protocol=https\nhost=h:65537\n"), username: nil)
    #expect(wrapped.attributes["port"] == "1")
  }

  /// Runs get's window ending with `result`, then git's `store` with
  /// `stored` (git's description and password lines); returns the store.
  private func getThenStore(
    _ result: PromptResult, stored: String, store: FakePasswordStore = FakePasswordStore(),
    notes: FakeNotes = FakeNotes()
  ) throws -> FakePasswordStore {
    let keyring = WarningLog().keyring(store)
    GitCredentialKeyring.recordChoice(result, for: try request(description), notes: notes)
    let input = description + stored
    let parsed = try request(input)
    withBytes(input) {
      GitCredentialKeyring.store(parsed, input: $0, keyring: keyring, notes: notes)
    }
    return store
  }

  private func typed(_ password: String, remembers: Bool) -> PromptResult {
    .submitted(
      SubmittedForm(
        username: "carol", password: TestSecret(password), passwordWasRepeated: false,
        remembers: remembers))
  }

  @Test func rememberCarriesToStoreWhichSavesWithoutTheSecretInTheNote() throws {
    let notes = FakeNotes()
    let keyring = WarningLog().keyring(FakePasswordStore())
    GitCredentialKeyring.recordChoice(
      typed("horse 9%", remembers: true), for: try request(description), notes: notes)
    #expect(Array(notes.left.values) == ["remember"])
    #expect(!notes.left.keys.contains { $0.contains("horse") })
    _ = keyring

    let store = try getThenStore(
      typed("horse 9%", remembers: true), stored: "username=carol\npassword=horse 9%\n")
    #expect(
      store.items == [
        FakePasswordStore.Item(
          schema: "org.gnome.keyring.NetworkPassword",
          attributes: Self.attributes.merging([
            "xdg:schema": "org.gnome.keyring.NetworkPassword"
          ]) { $1 },
          label: "Git: http://127.0.0.1:8080/repo.git", secret: "horse 9%")
      ])
  }

  @Test func withoutRememberStoreSavesNothing() throws {
    let store = try getThenStore(
      typed("pw", remembers: false), stored: "username=carol\npassword=pw\n")
    #expect(store.items.isEmpty)
    #expect(!store.calls.contains("save"))
    // A choice for another user does not count either.
    let other = try getThenStore(
      typed("pw", remembers: true), stored: "username=dave\npassword=pw\n")
    #expect(other.items.isEmpty)
  }

  @Test func anExistingItemIsUpdatedWhenThePasswordChangedAndLeftAloneOtherwise() throws {
    let same = try getThenStore(
      .cancelled, stored: "username=carol\npassword=horse 9%\n",
      store: FakePasswordStore(items: [Self.libsecretItem]))
    #expect(!same.calls.contains("save"))
    let changed = try getThenStore(
      .cancelled, stored: "username=carol\npassword=new one\n",
      store: FakePasswordStore(items: [Self.libsecretItem]))
    #expect(changed.items.map(\.secret) == ["new one"])
    #expect(changed.items.first?.schema == "org.gnome.keyring.NetworkPassword")
  }

  @Test func expiryAndRefreshTokenLinesRoundTripUntouched() throws {
    let lines = "password_expiry_utc=1700000000\noauth_refresh_token=tok+en/=\n"
    let store = try getThenStore(
      typed("pw", remembers: true), stored: "username=carol\npassword=pw\n" + lines)
    #expect(
      store.items.first?.secret
        == "pw\npassword_expiry_utc=1700000000\noauth_refresh_token=tok+en/=")
    let answer = try #require(
      GitCredentialKeyring.answerFromKeyring(
        for: try request(description), keyring: WarningLog().keyring(store)))
    #expect(answer.written.output == "username=carol\npassword=pw\n" + lines)
  }

  @Test func aChoiceIsTakenOnceAndAnUntickedWindowReplacesIt() throws {
    let notes = FakeNotes()
    GitCredentialKeyring.recordChoice(
      typed("pw", remembers: true), for: try request(description), notes: notes)
    GitCredentialKeyring.recordChoice(
      typed("pw", remembers: false), for: try request(description), notes: notes)
    #expect(notes.left.isEmpty)
  }

  private func erase(
    _ stored: String, store: FakePasswordStore, notes: FakeNotes = FakeNotes()
  )
    throws
  {
    let input = description + stored
    let parsed = try request(input)
    withBytes(input) {
      GitCredentialKeyring.erase(
        parsed, input: $0, keyring: WarningLog().keyring(store), notes: notes)
    }
  }

  @Test func eraseDeletesTheItemThatFailed() throws {
    let store = FakePasswordStore(items: [Self.libsecretItem])
    try erase("username=carol\npassword=horse 9%\n", store: store)
    #expect(store.items.isEmpty)
  }

  @Test func eraseKeepsAnItemWhosePasswordIsNotTheOneThatFailed() throws {
    let store = FakePasswordStore(items: [Self.libsecretItem])
    try erase("username=carol\npassword=old\n", store: store)
    #expect(store.items.count == 1)
  }

  @Test func eraseForgetsAChoiceToRemember() throws {
    let notes = FakeNotes()
    GitCredentialKeyring.recordChoice(
      typed("pw", remembers: true), for: try request(description), notes: notes)
    try erase("username=carol\npassword=pw\n", store: FakePasswordStore(), notes: notes)
    #expect(notes.left.isEmpty)
  }

  @Test func rememberIsOfferedOnlyWhenTheChoiceCanReachStore() {
    let notes = FakeNotes()
    #expect(
      GitCredentialKeyring.offer(
        keyring: WarningLog().keyring(FakePasswordStore()), notes: notes)?
        .label == "Save in password _manager")
    notes.isAvailable = false
    #expect(
      GitCredentialKeyring.offer(
        keyring: WarningLog().keyring(FakePasswordStore()), notes: notes)
        == nil)
    let locked = FakePasswordStore()
    locked.savable = false
    #expect(
      GitCredentialKeyring.offer(keyring: WarningLog().keyring(locked), notes: FakeNotes())
        == nil)
  }

  /// A mail client's item for the same account: git's attributes, another
  /// program's schema.
  private static let mailItem = FakePasswordStore.Item(
    schema: "org.example.MailClient",
    attributes: attributes.merging(["xdg:schema": "org.example.MailClient"]) { $1 },
    label: "Mail: carol@127.0.0.1", secret: "mail pw")
  /// A browser's item in the network schema git's older helper shares.
  private static let browserItem = FakePasswordStore.Item(
    schema: "org.gnome.keyring.NetworkPassword",
    attributes: attributes.merging(["xdg:schema": "org.gnome.keyring.NetworkPassword"]) { $1 },
    label: "carol@127.0.0.1", secret: "web pw")

  @Test func anotherProgramsItemWithGitsAttributesIsUntouchedByStoreAndErase() throws {
    for foreign in [Self.mailItem, Self.browserItem] {
      let store = try getThenStore(
        typed("git pw", remembers: false), stored: "username=carol\npassword=git pw\n",
        store: FakePasswordStore(items: [foreign]))
      #expect(store.items == [foreign], "\(foreign.schema)")
      #expect(!store.calls.contains("save") && !store.calls.contains("clear"))

      for failed in ["password=\(foreign.secret)\n", "password=other\n", ""] {
        let erased = FakePasswordStore(items: [foreign])
        try erase("username=carol\n" + failed, store: erased)
        #expect(erased.items == [foreign], "\(foreign.schema) \(failed)")
      }
    }
  }

  @Test func rememberSavesGitsItemBesideAnotherProgramsWithoutReplacingIt() throws {
    let store = try getThenStore(
      typed("git pw", remembers: true), stored: "username=carol\npassword=git pw\n",
      store: FakePasswordStore(items: [Self.mailItem, Self.browserItem]))
    #expect(Array(store.items.prefix(2)) == [Self.mailItem, Self.browserItem])
    #expect(store.items.count == 3)
    #expect(store.items.last?.label == "Git: http://127.0.0.1:8080/repo.git")
    #expect(store.items.last?.secret == "git pw")
  }

  @Test func withoutRememberNothingNewIsSavedWhateverElseIsStored() throws {
    var locked = Self.libsecretItem
    locked.isLocked = true
    for items in [[], [Self.mailItem], [locked]] {
      let store = try getThenStore(
        typed("pw", remembers: false), stored: "username=carol\npassword=pw\n",
        store: FakePasswordStore(items: items))
      #expect(store.items == items)
      #expect(!store.calls.contains("save"))
    }
  }

  @Test func aLockedOwnItemIsReplacedNotDuplicatedWhenRemembered() throws {
    var locked = Self.libsecretItem
    locked.isLocked = true
    let store = try getThenStore(
      typed("pw", remembers: true), stored: "username=carol\npassword=pw\n",
      store: FakePasswordStore(items: [locked]))
    #expect(store.items.map(\.secret) == ["pw"])
  }
}
