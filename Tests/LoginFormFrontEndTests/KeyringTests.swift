import LoginFormFrontEnd
import LoginFormModel
import LoginFormTestSupport
import Testing

/// How the front ends use the password manager: asked once, silent when
/// there is none, one line per failure and then left alone.
@Suite struct KeyringTests {
  private let search = KeyringSearch(schema: "s", matchesSchema: true, attributes: ["k": "v"])
  private let item = FakePasswordStore.Item(
    schema: "s", attributes: ["k": "v"], label: "l", secret: "pw")

  @Test func withoutAPasswordManagerNothingIsAskedOrSaid() {
    let log = WarningLog()
    let store = FakePasswordStore(items: [item])
    store.availability = .absent
    let keyring = log.keyring(store)
    #expect(keyring.lookup(search) == nil)
    #expect(!keyring.offersSaving)
    #expect(keyring.clear(search) == nil)
    #expect(!withBytes("pw") { keyring.save(KeyringItem(search: search, label: "l"), secret: $0) })
    #expect(store.calls == ["open"])
    #expect(log.lines.isEmpty)
    #expect(Keyring.none.lookup(search) == nil && !Keyring.none.offersSaving)
  }

  @Test func anotherUsersServiceIsSaidOnceAndNotUsed() {
    let log = WarningLog()
    let store = FakePasswordStore(items: [item])
    store.availability = .refused(.foreignOwner(userID: 1001))
    let keyring = log.keyring(store)
    #expect(keyring.lookup(search) == nil)
    #expect(!keyring.offersSaving)
    #expect(store.calls == ["open"])
    #expect(
      log.lines == ["The password manager is not used: it belongs to another user (uid 1001)"])
  }

  @Test func aFailureIsSaidOnceAndThePasswordManagerIsLeftAloneAfterIt() {
    let log = WarningLog()
    let store = FakePasswordStore(items: [item])
    store.failure = .noAnswer(seconds: 2)
    let keyring = log.keyring(store)
    #expect(keyring.lookup(search) == nil)
    #expect(!keyring.offersSaving)
    #expect(keyring.lookup(search) == nil)
    #expect(store.calls == ["open", "lookup"])
    #expect(log.lines == ["Could not look in the password manager: no answer within 2 seconds"])
  }

  @Test func saveAndClearFailuresAreSaid() {
    for (act, line) in [
      (
        { (keyring: Keyring) in _ = keyring.clear(self.search) },
        "Could not remove from the password manager: denied"
      ),
      (
        { (keyring: Keyring) in
          _ = withBytes("pw") {
            keyring.save(KeyringItem(search: self.search, label: "l"), secret: $0)
          }
        }, "Could not save in the password manager: denied"
      ),
    ] {
      let log = WarningLog()
      let store = FakePasswordStore()
      store.failure = .failed("denied")
      act(log.keyring(store))
      #expect(log.lines == [line])
    }
  }

  @Test func aLockedItemIsNotUsedAndSavingFollowsTheStore() {
    let log = WarningLog()
    var locked = item
    locked.isLocked = true
    let store = FakePasswordStore(items: [locked])
    store.savable = false
    let keyring = log.keyring(store)
    #expect(keyring.lookup(search) == nil)
    #expect(!keyring.offersSaving)
    store.savable = true
    #expect(keyring.offersSaving)
    #expect(log.lines.isEmpty)
  }

  @Test func aSecretThatIsNotTextIsSaidAndAskedForButTheStoreStaysInUse() {
    let log = WarningLog()
    var evil = item
    evil.contentType = "application/x-evil"
    let store = FakePasswordStore(items: [evil])
    let keyring = log.keyring(store)
    #expect(keyring.lookup(search) == nil)
    #expect(
      log.lines == [
        "A stored password is not used: its content type is “application/x-evil”, not text/plain"
      ])
    #expect(keyring.offersSaving)
    #expect(
      withBytes("typed") { keyring.save(KeyringItem(search: search, label: "L"), secret: $0) })
  }
}
