import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// An askpass call from start to answer, as the executable runs it: the
/// password manager first for an ssh key, else the prompt, then what the
/// prompt's end saves and prints.
@Suite struct AskpassPlanTests {
  private static let keyFile = "/home/a/.ssh/id_ed25519"
  private static let stored = FakePasswordStore.Item.sshKey(keyFile, secret: "key pass")
  private let keyPrompt = "Enter passphrase for \(keyFile): "
  private let controlling = Presenter.terminal(path: "/dev/tty", locale: nil)

  private func plan(
    _ prompt: String, _ access: FakeKeyringAccess,
    environment: LaunchEnvironment = LaunchEnvironment(), onTerminal: Bool = false
  ) -> RequestPlan {
    AskpassPlan.plan(
      prompt: prompt, onTerminal: onTerminal, environment: environment, requester: "ssh-add",
      access: access)
  }

  @Test func aStoredPassphraseIsTheAnswerWithNoPrompt() throws {
    let access = FakeKeyringAccess(store: FakePasswordStore(items: [Self.stored]))
    let answer = try #require(plan(keyPrompt, access).answer)
    #expect(answer.written == ("key pass\n", .submitted))
  }

  @Test func aKeyWithNothingStoredIsAskedWithTheBoxToSaveIt() throws {
    let pending = try #require(plan(keyPrompt, FakeKeyringAccess()).pending)
    let form = try #require(pending.prompt.form)
    #expect(form.rememberOffer?.label == "Save in password _manager")
    #expect(form.options.requester == "ssh-add")
    #expect(pending.presenters.candidates == [.window, controlling])
  }

  @Test func aStoredPassphraseThatFailedIsDeletedThenAskedFor() throws {
    let store = FakePasswordStore(items: [Self.stored])
    let notes = FakeNotes()
    #expect(plan(keyPrompt, FakeKeyringAccess(store: store, notes: notes)).answer != nil)
    // The same ssh asks again for the same key right after: that passphrase
    // did not work.
    let again = try #require(plan(keyPrompt, FakeKeyringAccess(store: store, notes: notes)).pending)
    #expect(store.items.isEmpty)
    #expect(store.calls == ["open", "lookup", "open", "clear", "canSave"])
    // The passphrase typed now may be saved in its place.
    #expect(again.prompt.form?.rememberOffer != nil)
  }

  @Test func aTickedBoxSavesThePassphraseItAnswersWith() throws {
    let store = FakePasswordStore()
    let pending = try #require(plan(keyPrompt, FakeKeyringAccess(store: store)).pending)
    let answer = pending.finish(.typed("new pass", remembers: true))
    #expect(answer.written == ("new pass\n", .submitted))
    #expect(store.items == [Self.stored.withSecret("new pass")])
  }

  @Test func anUntickedBoxOrACancelSavesNothing() throws {
    for (result, written) in [
      (PromptResult.typed("pw", remembers: false), ("pw\n", ExitStatus.submitted)),
      (.cancelled, ("", .cancelled)),
    ] {
      let store = FakePasswordStore()
      let pending = try #require(plan(keyPrompt, FakeKeyringAccess(store: store)).pending)
      #expect(pending.finish(result).written == written)
      #expect(!store.calls.contains("save"))
      #expect(store.items.isEmpty)
    }
  }

  @Test func withoutASecretServiceTheKeyIsAskedWithNoBoxAndNothingSaid() throws {
    let store = FakePasswordStore(items: [Self.stored])
    store.availability = .absent
    let access = FakeKeyringAccess(store: store)
    let pending = try #require(plan(keyPrompt, access).pending)
    #expect(pending.prompt.form?.rememberOffer == nil)
    _ = pending.finish(.typed("pw", remembers: true))
    #expect(store.calls == ["open"])
    #expect(access.log.lines.isEmpty)
  }

  @Test func aServiceThatTimesOutIsAskedForAndSaidOnce() throws {
    let store = FakePasswordStore(items: [Self.stored])
    store.failure = .noAnswer(seconds: 2)
    let access = FakeKeyringAccess(store: store)
    let pending = try #require(plan(keyPrompt, access).pending)
    #expect(pending.prompt.form?.rememberOffer == nil)
    #expect(pending.finish(.typed("pw", remembers: true)).written.output == "pw\n")
    #expect(store.calls == ["open", "lookup"])
    #expect(
      access.log.lines == ["Could not look in the password manager: no answer within 2 seconds"])
  }

  @Test func aPromptThatNamesNoKeyNeverReachesThePasswordManager() throws {
    let store = FakePasswordStore()
    let access = FakeKeyringAccess(store: store)
    for prompt in ["[sudo] password for a: ", "a@host's password: "] {
      let pending = try #require(plan(prompt, access).pending)
      #expect(pending.finish(.typed("pw", remembers: true)).written.output == "pw\n")
    }
    #expect(!access.reached.contains("keyring") && !access.reached.contains("notes"))
    #expect(store.calls.isEmpty)
  }

  @Test func theEnvironmentAndTtyDecideWhatIsAskedAndWhere() throws {
    let access = FakeKeyringAccess(store: FakePasswordStore(items: [Self.stored]))
    // ssh asking to confirm is a question, even about a stored key.
    let confirm = try #require(
      plan(keyPrompt, access, environment: LaunchEnvironment(sshAskpassPrompt: "confirm"))
        .pending)
    #expect(confirm.prompt.question != nil)
    #expect(access.reached.isEmpty)
    let git = try #require(
      plan(
        "Password for 'https://a@h': ", access,
        environment: LaunchEnvironment(gitTerminalPrompt: "0", grab: "0")
      ).pending)
    #expect(git.presenters.candidates == [.window])
    #expect(git.prompt.form?.options.grabsKeyboard == false)
    let tty = try #require(plan("[sudo] password for a: ", access, onTerminal: true).pending)
    #expect(tty.presenters.candidates == [controlling])
  }
}
