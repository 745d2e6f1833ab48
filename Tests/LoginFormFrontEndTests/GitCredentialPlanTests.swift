import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// git's credential helper from start to answer, as the executable runs
/// it: `get` from the password manager or the window, the "Remember"
/// choice carried to `store`, and `erase` after a password failed. Each
/// plan is one process; processes share the store and the notes.
@Suite struct GitCredentialPlanTests {
  private static let item = FakePasswordStore.Item(
    schema: "org.gnome.keyring.NetworkPassword",
    attributes: [
      "xdg:schema": "org.gnome.keyring.NetworkPassword", "user": "carol", "protocol": "http",
      "server": "127.0.0.1", "port": "8080", "object": "repo.git",
    ],
    label: "Git: http://127.0.0.1:8080/repo.git", secret: "horse 9%")
  private let description = "protocol=http\nhost=127.0.0.1:8080\npath=repo.git\n"
  private let controlling = Presenter.terminal(path: "/dev/tty", locale: nil)

  private func plan(
    _ action: GitCredentialAction, _ input: String, _ access: FakeKeyringAccess,
    environment: LaunchEnvironment = LaunchEnvironment()
  ) throws -> RequestPlan {
    let request = try withBytes(input) { bytes in
      try GitCredentialPlan.receive(action, input: bytes, access: access)
    }
    return GitCredentialPlan.plan(
      action, for: request, environment: environment, requester: "git", access: access)
  }

  @Test func getAnswersFromTheStoredItemWithNoPrompt() throws {
    let access = FakeKeyringAccess(store: FakePasswordStore(items: [Self.item]))
    let answer = try #require(try plan(.get, description, access).answer)
    #expect(answer.written == ("username=carol\npassword=horse 9%\n", .submitted))
  }

  @Test func getWithNothingStoredAsksWithRememberOffered() throws {
    let pending = try #require(
      try plan(.get, description + "username=carol\n", FakeKeyringAccess()).pending)
    let form = try #require(pending.prompt.form)
    #expect(form.rememberOffer?.label == "Save in password _manager")
    #expect(form.username == "carol")
    #expect(form.options.requester == "git")
    #expect(pending.presenters.candidates == [.window, controlling])
    let answer = pending.finish(.typed("pw", username: "carol", remembers: false))
    #expect(answer.written == ("username=carol\npassword=pw\n", .submitted))
  }

  @Test func gitsTerminalPromptsTurnedOffLeaveTheWindowAlone() throws {
    let pending = try #require(
      try plan(
        .get, description, FakeKeyringAccess(),
        environment: LaunchEnvironment(gitTerminalPrompt: "0", grab: "0")
      ).pending)
    #expect(pending.presenters.candidates == [.window])
    #expect(pending.prompt.form?.options.grabsKeyboard == false)
  }

  /// `get`'s window ending with `result`, then git's `store` of `stored`
  /// in a second process; returns the store.
  private func getThenStore(_ result: PromptResult, stored: String) throws -> FakePasswordStore {
    let store = FakePasswordStore()
    let notes = FakeNotes()
    let get = try #require(
      try plan(.get, description, FakeKeyringAccess(store: store, notes: notes)).pending)
    #expect(get.prompt.form?.rememberOffer != nil)
    _ = get.finish(result)
    let answer = try #require(
      try plan(.store, description + stored, FakeKeyringAccess(store: store, notes: notes))
        .answer)
    #expect(answer.written == ("", .submitted))
    return store
  }

  @Test func aTickedRememberBoxHasStoreSaveThePassword() throws {
    let store = try getThenStore(
      .typed("pw", username: "carol", remembers: true),
      stored: "username=carol\npassword=pw\n")
    #expect(store.items == [Self.item.withSecret("pw")])
  }

  @Test func anUntickedRememberBoxHasStoreSaveNothing() throws {
    let store = try getThenStore(
      .typed("pw", username: "carol", remembers: false),
      stored: "username=carol\npassword=pw\n")
    #expect(!store.calls.contains("save"))
    #expect(store.items.isEmpty)
  }

  @Test func aStoredPasswordThatFailedIsErasedAndTheNextGetAsks() throws {
    let store = FakePasswordStore(items: [Self.item])
    let erase = try #require(
      try plan(
        .erase, description + "username=carol\npassword=horse 9%\n",
        FakeKeyringAccess(store: store)
      ).answer)
    #expect(erase.written == ("", .submitted))
    #expect(store.items.isEmpty)
    #expect(try plan(.get, description, FakeKeyringAccess(store: store)).pending != nil)
  }

  @Test func withoutASecretServiceGetAsksWithNoBoxAndNothingIsSaid() throws {
    let store = FakePasswordStore(items: [Self.item])
    store.availability = .absent
    let notes = FakeNotes()
    let access = FakeKeyringAccess(store: store, notes: notes)
    let pending = try #require(try plan(.get, description, access).pending)
    #expect(pending.prompt.form?.rememberOffer == nil)
    _ = pending.finish(.typed("pw", username: "carol", remembers: true))
    let storing = FakeKeyringAccess(store: store, notes: notes)
    _ = try plan(.store, description + "username=carol\npassword=pw\n", storing)
    #expect(!store.calls.contains("save"))
    #expect(access.log.lines.isEmpty && storing.log.lines.isEmpty)
  }

  @Test func aServiceThatTimesOutIsAskedForAndSaidOnce() throws {
    let store = FakePasswordStore(items: [Self.item])
    store.failure = .noAnswer(seconds: 2)
    let access = FakeKeyringAccess(store: store)
    let pending = try #require(try plan(.get, description, access).pending)
    #expect(pending.prompt.form?.rememberOffer == nil)
    _ = pending.finish(.typed("pw", username: "carol", remembers: true))
    #expect(store.calls == ["open", "lookup"])
    #expect(
      access.log.lines == ["Could not look in the password manager: no answer within 2 seconds"])
  }

  @Test func inputThatIsNoRequestIsRefusedBeforeAnythingIsAsked() throws {
    let access = FakeKeyringAccess()
    #expect {
      try plan(.get, "protocol\n", access)
    } throws: { error in
      guard case .git = error as? FrontEndFailure else { return false }
      return true
    }
    #expect(access.reached.isEmpty)
  }
}
