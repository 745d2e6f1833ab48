import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// The quick pinentry's hand-off to login-form: the record, and the
/// password manager's answers written down on one side and replayed on
/// the other.
@Suite struct HandOffTests {
  private static let everyEvent: [PasswordStoreEvent] = [
    .opened(.available), .opened(.absent), .opened(.refused(.foreignOwner(userID: 1001))),
    .opened(.refused(.noAnswer(seconds: 2))), .couldSave(true), .couldSave(false),
    .lookedUp(.success(12)), .lookedUp(.success(0)), .lookedUp(.success(nil)),
    .lookedUp(.failure(.failed("No such interface “org.freedesktop.Secret”\n100% sure"))),
    .saved(nil), .saved(.failed("locked")), .cleared(.success(true)), .cleared(.success(false)),
    .cleared(.failure(.failed(" spaced  out "))),
    .lookedUp(.failure(.unusableSecret(.contentType("application/x-evil; q=\"100%\"")))),
    .lookedUp(.failure(.unusableSecret(.nulByte))),
    .lookedUp(.failure(.unusableSecret(.notUTF8))),
    .opened(.refused(.tooLittleLockedMemory(limit: 16_384, needed: 32_768))),
    .opened(.refused(.plainSession)),
  ]

  @Test func everyAnswerOfThePasswordManagerSurvivesTheRecord() throws {
    let transcript = Array("OPTION allow-external-password-cache\nGETPIN\n\n".utf8) + [0xFF, 0]
    let record = HandOff(storeEvents: Self.everyEvent, transcript: transcript)
    #expect(try HandOff(decoding: record.encoded()) == record)
  }

  @Test func aRecordWithNoAnswersKeepsItsTranscript() throws {
    let record = HandOff(storeEvents: [], transcript: Array("GETPIN\n".utf8))
    #expect(String(decoding: record.encoded(), as: UTF8.self).hasSuffix("1\n\nGETPIN\n"))
    #expect(try HandOff(decoding: record.encoded()) == record)
  }

  @Test func aRecordFromAnotherVersionIsRefused() {
    #expect(throws: HandOffError.unknownVersion) {
      try HandOff(decoding: Array("login-form hand-off 2\n\nGETPIN\n".utf8))
    }
  }

  @Test func aRecordCutBeforeItsTranscriptIsRefused() {
    #expect(throws: HandOffError.truncated) {
      try HandOff(decoding: Array("login-form hand-off 1\nopen available".utf8))
    }
  }

  @Test(arguments: [
    "open maybe", "lookup found -1", "lookup found 65537", "lookup found", "clear failed odd 1",
    "save failed error %ZZ", "can-save yes please",
  ])
  func anAnswerThisVersionDoesNotWriteIsRefused(line: String) {
    #expect(throws: HandOffError.malformed) {
      try HandOff(decoding: Array("login-form hand-off 1\n\(line)\n\n".utf8))
    }
  }

  @Test func theRecorderWritesDownWhatThePasswordManagerAnswered() {
    let base = FakePasswordStore(items: [Self.item(secret: "wrong pin")])
    let recorder = RecordingPasswordStore(base)
    _ = recorder.open()
    _ = recorder.lookup(PinentryPasswordCache.search(keyInfo: "n/GRIP"))
    _ = recorder.clear(PinentryPasswordCache.search(keyInfo: "n/GRIP"))
    _ = recorder.lookup(PinentryPasswordCache.search(keyInfo: "n/GRIP"))
    _ = recorder.canSave()
    base.failure = .noAnswer(seconds: 2)
    _ = recorder.save(
      PinentryPasswordCache.item(keyInfo: "n/GRIP"),
      secret: UnsafeBufferPointer(start: nil, count: 0))
    #expect(
      recorder.events == [
        .opened(.available), .lookedUp(.success(9)), .cleared(.success(true)),
        .lookedUp(.success(nil)), .couldSave(true), .saved(.noAnswer(seconds: 2)),
      ])
  }

  @Test func theReplayAnswersFromTheRecordThenAsksThePasswordManager() throws {
    let live = FakePasswordStore()
    let store = ReplayingPasswordStore(
      replaying: [.opened(.available), .lookedUp(.success(5)), .cleared(.success(true))],
      then: live)
    #expect(store.open() == .available)
    let match = try #require(try store.lookup(PinentryPasswordCache.search(keyInfo: "n/G")).get())
    // As long as the secret was, and not it.
    #expect(match.secret.withUTF8 { Array($0) } == Array("*****".utf8))
    #expect(try store.clear(PinentryPasswordCache.search(keyInfo: "n/G")).get())
    #expect(live.calls == [])
    #expect(store.lastAnswerWasReplayed)
    #expect(store.canSave())
    // The live store is opened first: the quick pinentry's connection did
    // not survive the exec.
    #expect(live.calls == ["open", "canSave"])
    #expect(!store.lastAnswerWasReplayed)
  }

  @Test func aCallOtherThanTheRecordedOneEndsTheReplay() throws {
    let live = FakePasswordStore(items: [Self.item(secret: "live")])
    let store = ReplayingPasswordStore(
      replaying: [.opened(.available), .cleared(.success(false)), .lookedUp(.success(nil))],
      then: live)
    _ = store.open()
    let match = try store.lookup(PinentryPasswordCache.search(keyInfo: "n/GRIP")).get()
    #expect(match?.secret.withUTF8 { Array($0) } == Array("live".utf8))
    // The lookup recorded after the clear is not used for a later lookup.
    _ = try store.lookup(PinentryPasswordCache.search(keyInfo: "n/GRIP")).get()
    #expect(live.calls == ["open", "lookup", "lookup"])
  }

  @Test func aFailureTheQuickPinentrySaidIsNotSaidAgain() {
    let live = FakePasswordStore()
    let store = ReplayingPasswordStore(
      replaying: [.opened(.refused(.noAnswer(seconds: 2)))], then: live)
    var warnings: [String] = []
    let keyring = Keyring(store: store) { if !store.lastAnswerWasReplayed { warnings.append($0) } }
    #expect(keyring.lookup(PinentryPasswordCache.search(keyInfo: "n/GRIP")) == nil)
    #expect(!keyring.offersSaving)
    #expect(warnings == [])
    // Given up for the process, as after its own failure: nothing live.
    #expect(live.calls == [])
  }

  @Test func aLiveFailureAfterTheReplayIsSaid() {
    let live = FakePasswordStore()
    live.failure = .failed("gone")
    let store = ReplayingPasswordStore(replaying: [.opened(.available)], then: live)
    var warnings: [String] = []
    let keyring = Keyring(store: store) { if !store.lastAnswerWasReplayed { warnings.append($0) } }
    #expect(keyring.lookup(PinentryPasswordCache.search(keyInfo: "n/GRIP")) == nil)
    #expect(warnings.count == 1)
  }

  @Test func goingThroughTheConversationAgainReachesTheSameRequestAskingNothingTwice() throws {
    let lines = [
      "OPTION allow-external-password-cache", "SETKEYINFO n/GRIP", "GETPIN",
      "CLEARPASSPHRASE n/GRIP", "SETERROR Bad passphrase", "GETPIN",
    ]
    // The quick pinentry: the stored (wrong) PIN answers, the agent has it
    // deleted, and the retry must be shown.
    let quick = RecordingPasswordStore(FakePasswordStore(items: [Self.item(secret: "wrong")]))
    let quickKeyring = Keyring(store: quick) { _ in }
    let (quickOutput, handedOverAt) = converse(lines, keyring: quickKeyring) {
      PinentryPasswordCache.answerFromCache($0, session: &$1, keyring: quickKeyring, into: &$2)
    }
    #expect(handedOverAt == 5)
    #expect(quickOutput.contains("S PASSWORD_FROM_CACHE\nD wrong\nOK\n"))
    // login-form, with a password manager that no longer has the item.
    let live = FakePasswordStore()
    let replay = ReplayingPasswordStore(replaying: quick.events, then: live)
    let keyring = Keyring(store: replay) { _ in }
    var shown: Prompt?
    let (output, shownAt) = converse(lines, keyring: keyring) {
      switch PinentryPasswordCache.open(
        $0, session: &$1, keyring: keyring, environment: LaunchEnvironment(), into: &$2)
      {
      case .answered(let event): return event
      case .ask(let prompt):
        shown = prompt
        return nil
      }
    }
    #expect(shownAt == 5)
    guard case .form(let form)? = shown else {
      Issue.record("the retry is not shown")
      return
    }
    #expect(form.error?.contains("Bad passphrase") == true)
    // Everything before the retry came from the record; the check box asked.
    #expect(live.calls == ["open", "canSave"])
    // What the agent heard, but for the stand-in PIN.
    #expect(output == quickOutput.replacing("D wrong", with: "D *****"))
  }

  /// Feeds `lines` to a new session and carries out its events as the glue
  /// does, `show` answering a request (nil: it has to be shown, which
  /// ends the conversation): what the agent heard, and the line at which
  /// a request had to be shown.
  private func converse(
    _ lines: [String], keyring: Keyring,
    show: (PinentryRequest, inout PinentrySession, inout ArraySink) -> PinentryEvent?
  ) -> (String, Int?) {
    var session = Self.newSession()
    var sink = ArraySink()
    for (index, line) in lines.enumerated() {
      var event = withBytes(line) { session.receive(line: $0, into: &sink) }
      while true {
        if case .show(let request) = event {
          guard let next = show(request, &session, &sink) else { return (sink.text, index) }
          event = next
        } else if case .clearPassphrase(let key) = event {
          event = PinentryPasswordCache.clear(
            keyInfo: key, session: &session, keyring: keyring, into: &sink)
        } else {
          break
        }
      }
    }
    return (sink.text, nil)
  }

  private static func newSession() -> PinentrySession {
    PinentryFrontEnd.session(
      processID: 7, userID: 1000, groupID: 1000,
      launch: PinentryLaunch(options: PinentryOptions(), timeoutSeconds: 60))
  }

  private static func item(secret: String) -> FakePasswordStore.Item {
    FakePasswordStore.Item(
      schema: "org.gnupg.Passphrase",
      attributes: ["xdg:schema": "org.gnupg.Passphrase", "keygrip": "n/GRIP"],
      label: "GnuPG: n/GRIP", secret: secret)
  }
}
