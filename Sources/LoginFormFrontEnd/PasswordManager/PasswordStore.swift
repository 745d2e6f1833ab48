import LoginFormModel

/// Where remembered secrets live: the Secret Service through libsecret
/// (`LoginFormKeyring`), or a fake in the tests. Each call returns within a
/// bounded time, with a failure rather than a wait.
///
/// Secrets go in and out in non-pageable memory only: a match's secret is
/// the store's own, and what is saved is read in place.
package protocol PasswordStore: AnyObject {
  /// Whether there is a password manager to use, asked once: none at all
  /// (nothing to say), one that must not or cannot be used (another
  /// user's, or no answer in time), or one.
  func open() -> KeyringAvailability
  /// Whether saving can be offered: the default collection is there and
  /// unlocked, so a save needs nobody's password. Only after `open()` said
  /// `.available`.
  func canSave() -> Bool
  /// The first unlocked item that `search` matches, with its secret; nil
  /// when there is none. Items in a locked collection are not used.
  func lookup(_ search: KeyringSearch) -> Result<KeyringMatch?, KeyringFailure>
  /// Saves `secret` as `item`; nil when it worked.
  func save(_ item: KeyringItem, secret: UnsafeBufferPointer<UInt8>) -> KeyringFailure?
  /// Deletes every item that `search` matches; true when there was one.
  func clear(_ search: KeyringSearch) -> Result<Bool, KeyringFailure>
  /// Locked memory for a secret put together before it is saved (git's
  /// password and token lines); nil when none is left.
  func secretBuffer(capacity: Int) -> (any SecretBuffer)?
}

/// Whether a password manager can be used.
package enum KeyringAvailability: Equatable, Sendable {
  /// A Secret Service of this user answers.
  case available
  /// There is none (no session bus, or nobody owns the name).
  case absent
  /// There is one, but it must not or cannot be used.
  case refused(KeyringFailure)
}

/// An item a lookup found.
package struct KeyringMatch {
  /// Its attributes (git's `user` tells whose password it is); empty
  /// unless the search `wantsAttributes`.
  package let attributes: [String: String]
  /// Its secret, in the store's locked memory.
  package let secret: any SecretText

  package init(attributes: [String: String], secret: any SecretText) {
    self.attributes = attributes
    self.secret = secret
  }
}

/// Locked memory a secret is written into byte by byte, then read.
package protocol SecretBuffer: AnyObject, SecretText, ByteSink {}
