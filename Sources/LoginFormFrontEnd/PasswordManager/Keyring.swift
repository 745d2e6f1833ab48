import LoginFormModel
import LoginFormPrompt

/// The password manager as the front ends use it: asked once whether it is
/// there, given up for the rest of the process after its first failure (so
/// a service that does not answer costs its time once), and each failure
/// said as one line through `warn`. Without a password manager every call
/// does nothing and the prompts are as they would be without this.
package final class Keyring {
  private let store: (any PasswordStore)?
  private let warn: (String) -> Void
  private var usable: Bool?

  /// `store`'s keyring, saying failures through `warn`; nil for none.
  package init(store: (any PasswordStore)?, warn: @escaping (String) -> Void) {
    self.store = store
    self.warn = warn
  }

  /// A keyring that is never there.
  package static var none: Keyring { Keyring(store: nil) { _ in } }

  /// The store, if it is there and has not failed.
  private var openStore: (any PasswordStore)? {
    guard let store else { return nil }
    if usable == nil {
      switch store.open() {
      case .available: usable = true
      case .absent: usable = false
      case .refused(let failure):
        usable = false
        // TRANSLATORS: %s says why (another message of this file).
        warn(formatted(localized("The password manager is not used: %s"), failure.reason))
      }
    }
    return usable == true ? store : nil
  }

  private func giveUp(_ message: String, _ failure: KeyringFailure) {
    usable = false
    warn(formatted(message, failure.reason))
  }

  /// Whether a window may offer to save: the password manager is there and
  /// a save would not have to unlock anything.
  package var offersSaving: Bool {
    openStore?.canSave() ?? false
  }

  /// The first item `search` matches, or nil (none, no password manager,
  /// a secret that is not text, or a failure; the last two are said).
  package func lookup(_ search: KeyringSearch) -> KeyringMatch? {
    guard let store = openStore else { return nil }
    switch store.lookup(search) {
    case .success(let match): return match
    case .failure(.unusableSecret(let why)):
      // Asked as if nothing were stored; the password manager stays in
      // use, so a save can replace the item.
      warn(formatted(localized("A stored password is not used: %s"), why.reason))
      return nil
    case .failure(let failure):
      // TRANSLATORS: %s is the Secret Service's own message.
      giveUp(localized("Could not look in the password manager: %s"), failure)
      return nil
    }
  }

  /// Saves `secret` as `item`; false when it could not (which is said).
  @discardableResult
  package func save(_ item: KeyringItem, secret: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let store = openStore else { return false }
    guard let failure = store.save(item, secret: secret) else { return true }
    // TRANSLATORS: %s is the Secret Service's own message.
    giveUp(localized("Could not save in the password manager: %s"), failure)
    return false
  }

  /// Deletes what `search` matches: whether something went, or nil when
  /// the password manager could not be asked.
  @discardableResult
  package func clear(_ search: KeyringSearch) -> Bool? {
    guard let store = openStore else { return nil }
    switch store.clear(search) {
    case .success(let removed): return removed
    case .failure(let failure):
      // TRANSLATORS: %s is the Secret Service's own message.
      giveUp(localized("Could not remove from the password manager: %s"), failure)
      return nil
    }
  }

  /// Locked memory for a secret to put together, from the store.
  package func secretBuffer(capacity: Int) -> (any SecretBuffer)? {
    openStore?.secretBuffer(capacity: capacity)
  }
}
