import LoginFormFrontEnd

extension Keyring {
  /// The Secret Service (asked only when first needed), its failures said
  /// through `warn`; after a hand-off, the quick pinentry's answers come
  /// first, and the failures it said already are not said again.
  package static func secretService(
    replaying handOff: HandOff? = nil, warn: @escaping (String) -> Void
  ) -> Keyring {
    guard let handOff else { return Keyring(store: SecretServiceStore(), warn: warn) }
    let store = ReplayingPasswordStore(replaying: handOff.storeEvents, then: SecretServiceStore())
    return Keyring(store: store) { if !store.lastAnswerWasReplayed { warn($0) } }
  }
}
