import LoginFormModel

/// The password manager as login-form sees it after a hand-off: the
/// answers the quick pinentry got come first, in order, without asking
/// again (the items may have changed since: the agent had one deleted),
/// then `base` answers.
///
/// A call that does not match the next recorded answer ends the replay:
/// from then on `base` answers everything.
package final class ReplayingPasswordStore: PasswordStore {
  private let base: any PasswordStore
  private var pending: ArraySlice<PasswordStoreEvent>
  private var baseIsOpen = false
  /// Whether the last answer came from the record: a failure it reports
  /// was said by the quick pinentry already, and is not said twice.
  package private(set) var lastAnswerWasReplayed = false

  package init(replaying events: [PasswordStoreEvent], then base: any PasswordStore) {
    self.base = base
    pending = events[...]
  }

  package func open() -> KeyringAvailability {
    if case .opened(let availability)? = replay() { return availability }
    return openBase()
  }

  package func canSave() -> Bool {
    if case .couldSave(let savable)? = replay() { return savable }
    return live { base.canSave() }
  }

  package func lookup(_ search: KeyringSearch) -> Result<KeyringMatch?, KeyringFailure> {
    if case .lookedUp(let result)? = replay() {
      // The secret itself stays in the password manager; its length is
      // all the session needs to decide as it did.
      return result.map { count in
        count.map { KeyringMatch(attributes: [:], secret: StandInSecret(count: $0)) }
      }
    }
    return live { base.lookup(search) }
  }

  package func save(_ item: KeyringItem, secret: UnsafeBufferPointer<UInt8>) -> KeyringFailure? {
    if case .saved(let failure)? = replay() { return failure }
    return live { base.save(item, secret: secret) }
  }

  package func clear(_ search: KeyringSearch) -> Result<Bool, KeyringFailure> {
    if case .cleared(let result)? = replay() { return result }
    return live { base.clear(search) }
  }

  package func secretBuffer(capacity: Int) -> (any SecretBuffer)? {
    live { base.secretBuffer(capacity: capacity) }
  }

  /// The next recorded answer, if any is left; every call takes one, so a
  /// call of another kind than recorded ends the replay.
  private func replay() -> PasswordStoreEvent? {
    lastAnswerWasReplayed = !pending.isEmpty
    return pending.popFirst()
  }

  private func openBase() -> KeyringAvailability {
    lastAnswerWasReplayed = false
    pending = []
    baseIsOpen = true
    return base.open()
  }

  /// `body`'s answer from `base`, opened first: the quick pinentry opened
  /// its own, which did not survive the exec.
  private func live<Answer>(_ body: () -> Answer) -> Answer {
    if !baseIsOpen { _ = openBase() }
    lastAnswerWasReplayed = false
    pending = []
    return body()
  }
}

/// Stands in for a replayed item's secret: as many bytes as it had, none
/// of them its.
private final class StandInSecret: SecretText {
  private let bytes: [UInt8]

  init(count: Int) {
    bytes = Array(repeating: UInt8(ascii: "*"), count: count)
  }

  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBufferPointer(body)
  }
}
