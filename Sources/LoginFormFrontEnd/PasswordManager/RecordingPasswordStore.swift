import LoginFormModel

/// A password manager whose every answer is also written down, for
/// login-form to replay when the quick pinentry hands over to it (see
/// `HandOff`).
package final class RecordingPasswordStore: PasswordStore {
  private let base: any PasswordStore
  /// What `base` answered, in order.
  package private(set) var events: [PasswordStoreEvent] = []

  package init(_ base: any PasswordStore) {
    self.base = base
  }

  package func open() -> KeyringAvailability {
    let availability = base.open()
    events.append(.opened(availability))
    return availability
  }

  package func canSave() -> Bool {
    let savable = base.canSave()
    events.append(.couldSave(savable))
    return savable
  }

  package func lookup(_ search: KeyringSearch) -> Result<KeyringMatch?, KeyringFailure> {
    let result = base.lookup(search)
    events.append(.lookedUp(result.map { $0.map { $0.secret.withUTF8(\.count) } }))
    return result
  }

  package func save(_ item: KeyringItem, secret: UnsafeBufferPointer<UInt8>) -> KeyringFailure? {
    let failure = base.save(item, secret: secret)
    events.append(.saved(failure))
    return failure
  }

  package func clear(_ search: KeyringSearch) -> Result<Bool, KeyringFailure> {
    let result = base.clear(search)
    events.append(.cleared(result))
    return result
  }

  package func secretBuffer(capacity: Int) -> (any SecretBuffer)? {
    base.secretBuffer(capacity: capacity)
  }
}
