import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// pinentry's password cache through the front-end core, against a fake
/// password manager: pinentry-gtk-2's items, its rules, its answers.
@Suite struct PinentryPasswordCacheFlowTests {
  private static let gtk2Item = FakePasswordStore.Item(
    schema: "org.gnupg.Passphrase",
    attributes: [
      "xdg:schema": "org.gnupg.Passphrase", "stored-by": "GnuPG Pinentry", "keygrip": "n/GRIP",
    ],
    label: "GnuPG: n/GRIP", secret: "from gtk-2 100%")

  private let unlock = [
    "OPTION allow-external-password-cache", "OPTION default-pwmngr=_Im Passwortmanager sichern",
    "SETKEYINFO n/GRIP", "SETDESC Unlock", "GETPIN",
  ]

  private func open(
    _ lines: [String], store: FakePasswordStore
  ) throws -> (PinentryPasswordCache.Opening, String, PinentrySession) {
    var (session, request) = session(lines)
    var sink = ArraySink()
    let opening = PinentryPasswordCache.open(
      try #require(request), session: &session, keyring: WarningLog().keyring(store),
      environment: LaunchEnvironment(), into: &sink)
    return (opening, sink.text, session)
  }

  @Test func aStoredPassphraseAnswersWithNoWindow() throws {
    let store = FakePasswordStore(items: [Self.gtk2Item])
    let (opening, written, session) = try open(unlock, store: store)
    guard case .answered(let event) = opening else {
      Issue.record("a window for a stored passphrase")
      return
    }
    guard case .none = event else {
      Issue.record("unexpected \(event)")
      return
    }
    #expect(written == "S PASSWORD_FROM_CACHE\nD from gtk-2 100%25\nOK\n")
    #expect(!session.isWindowOpen)
    #expect(store.calls == ["open", "lookup"])
  }

  @Test func withoutAStoredPassphraseTheWindowOffersToSaveUnticked() throws {
    let store = FakePasswordStore()
    let (opening, written, _) = try open(unlock, store: store)
    guard case .ask(.form(let form)) = opening else {
      Issue.record("no form")
      return
    }
    #expect(written == "")
    // In the agent's words, which are in its client's language.
    #expect(form.rememberOffer?.label == "_Im Passwortmanager sichern")
    #expect(store.calls == ["open", "lookup", "canSave"])
  }

  @Test func theOfferNeedsTheAgentsLeaveAKeyAndAStoreThatCanSave() throws {
    let cases: [([String], FakePasswordStore)] = [
      (["SETKEYINFO n/GRIP", "GETPIN"], FakePasswordStore()),
      (
        ["OPTION allow-external-password-cache", "SETKEYINFO --clear", "GETPIN"],
        FakePasswordStore()
      ),
      (
        ["OPTION allow-external-password-cache", "SETKEYINFO n/GRIP", "GETPIN"],
        {
          let store = FakePasswordStore()
          store.savable = false
          return store
        }()
      ),
      (
        ["OPTION allow-external-password-cache", "SETKEYINFO n/GRIP", "GETPIN"],
        {
          let store = FakePasswordStore()
          store.availability = .absent
          return store
        }()
      ),
    ]
    for (lines, store) in cases {
      let (opening, _, _) = try open(lines, store: store)
      guard case .ask(.form(let form)) = opening else {
        Issue.record("no form for \(lines)")
        continue
      }
      #expect(form.rememberOffer == nil, "\(lines)")
    }
    // Offered, in our words when the agent sends none.
    let (opening, _, _) = try open(
      ["OPTION allow-external-password-cache", "SETKEYINFO n/GRIP", "GETPIN"],
      store: FakePasswordStore())
    guard case .ask(.form(let form)) = opening else { return }
    #expect(form.rememberOffer?.label == "Save in password _manager")
  }

  @Test func aRetryAfterAnErrorIsNotLookedUp() throws {
    let store = FakePasswordStore(items: [Self.gtk2Item])
    let (opening, written, _) = try open(
      ["OPTION allow-external-password-cache", "SETKEYINFO n/GRIP", "SETERROR Bad", "GETPIN"],
      store: store)
    guard case .ask = opening else {
      Issue.record("answered a retry from the store")
      return
    }
    #expect(written == "")
    #expect(!store.calls.contains("lookup"))
  }

  @Test func aStoredPassphraseTheAgentCannotTakeIsAskedFor() throws {
    var item = Self.gtk2Item
    item.secret = String(repeating: "x", count: 256)
    let (opening, written, session) = try open(unlock, store: FakePasswordStore(items: [item]))
    guard case .ask = opening else {
      Issue.record("sent 256 bytes")
      return
    }
    #expect(written == "")
    #expect(session.isWindowOpen)
  }

  /// What a window's end does to `store`, after `lines`.
  private func report(_ form: SubmittedForm, after lines: [String], store: FakePasswordStore)
    -> String
  {
    var (session, _) = session(lines)
    var sink = ArraySink()
    _ = PinentryFrontEnd.report(
      .submitted(form), to: &session, into: &sink, keyring: WarningLog().keyring(store))
    return sink.text
  }

  @Test func aTickedBoxSavesTheTypedPassphraseAsPinentryDoes() {
    let store = FakePasswordStore()
    let typed = SubmittedForm(
      username: nil, password: TestSecret("typed é"), passwordWasRepeated: false,
      remembers: true)
    #expect(report(typed, after: unlock, store: store) == "D typed é\nOK\n")
    #expect(store.items == [Self.gtk2Item.withSecret("typed é")])
  }

  @Test func nothingIsSavedUnlessTickedAndAllowed() {
    let unticked = SubmittedForm(
      username: nil, password: TestSecret("pw"), passwordWasRepeated: false)
    let ticked = SubmittedForm(
      username: nil, password: TestSecret("pw"), passwordWasRepeated: false, remembers: true)
    for (form, lines) in [
      (unticked, unlock),
      (ticked, ["SETKEYINFO n/GRIP", "GETPIN"]),
      (ticked, ["OPTION allow-external-password-cache", "SETKEYINFO --clear", "GETPIN"]),
    ] {
      let store = FakePasswordStore()
      _ = report(form, after: lines, store: store)
      #expect(store.items.isEmpty, "\(lines)")
      #expect(!store.calls.contains("save"))
    }
  }

  @Test func clearPassphraseDeletesPinentrysItem() {
    var other = Self.gtk2Item
    other.attributes["keygrip"] = "n/OTHER"
    let store = FakePasswordStore(items: [Self.gtk2Item, other])
    var (session, _) = session([])
    var sink = ArraySink()
    let event = PinentryPasswordCache.clear(
      keyInfo: "n/GRIP", session: &session, keyring: WarningLog().keyring(store), into: &sink)
    guard case .none = event else {
      Issue.record("unexpected \(event)")
      return
    }
    #expect(sink.text == "OK\n")
    #expect(store.items == [other])

    var again = ArraySink()
    _ = PinentryPasswordCache.clear(
      keyInfo: "n/GRIP", session: &session, keyring: WarningLog().keyring(store), into: &again)
    #expect(again.text == "ERR 83886341 Invalid value passed to IPC <Pinentry>\n")

    let broken = FakePasswordStore()
    broken.availability = .absent
    var failed = ArraySink()
    _ = PinentryPasswordCache.clear(
      keyInfo: "n/GRIP", session: &session, keyring: WarningLog().keyring(broken), into: &failed)
    #expect(failed.text == "ERR 83886337 General IPC error <Pinentry>\n")
  }

  @Test func theItemIsPinentrysToTheLetter() {
    let item = PinentryPasswordCache.item(keyInfo: "n/ABC")
    #expect(item.label == "GnuPG: n/ABC")
    #expect(item.search.schema == "org.gnupg.Passphrase" && item.search.matchesSchema)
    #expect(item.search.attributes == ["stored-by": "GnuPG Pinentry", "keygrip": "n/ABC"])
    // pinentry looks up by the key alone.
    #expect(PinentryPasswordCache.search(keyInfo: "n/ABC").attributes == ["keygrip": "n/ABC"])
  }
}

extension FakePasswordStore.Item {
  func withSecret(_ secret: String) -> Self {
    var item = self
    item.secret = secret
    return item
  }
}
