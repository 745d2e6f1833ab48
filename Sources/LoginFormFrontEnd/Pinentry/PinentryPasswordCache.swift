import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// pinentry's password cache: the Secret Service item that pinentry-gtk-2,
/// -gnome3 and -qt read and write, so a passphrase saved by one is found by
/// the other, and when each is used.
package enum PinentryPasswordCache {
  /// The schema of pinentry's items.
  package static let schema = "org.gnupg.Passphrase"

  /// The item of the key `keyInfo` (`SETKEYINFO`'s argument, `n/<keygrip>`),
  /// as pinentry looks it up: by schema and key.
  package static func search(keyInfo: String) -> KeyringSearch {
    KeyringSearch(schema: schema, matchesSchema: true, attributes: ["keygrip": keyInfo])
  }

  /// The item pinentry saves for `keyInfo`.
  package static func item(keyInfo: String) -> KeyringItem {
    KeyringItem(
      search: KeyringSearch(
        schema: schema, matchesSchema: true,
        attributes: ["stored-by": "GnuPG Pinentry", "keygrip": keyInfo]),
      label: "GnuPG: \(keyInfo)")
  }

  /// How a request's `GETPIN` begins.
  package enum Opening {
    /// The password manager answered it: write what the sink got and
    /// handle the event, with no window.
    case answered(PinentryEvent)
    /// Show this.
    case ask(Prompt)
  }

  /// Answers `request` from the password manager when pinentry would look
  /// there and finds its PIN (`S PASSWORD_FROM_CACHE`, the `D` line);
  /// otherwise the prompt to show (saying which program asks: `requester`,
  /// see `Requester`), with the check box when the agent and the password
  /// manager allow saving.
  package static func open(
    _ request: PinentryRequest, session: inout PinentrySession, keyring: Keyring,
    environment: LaunchEnvironment, requester: String? = nil, into sink: inout some ByteSink
  ) -> Opening {
    if let event = answerFromCache(request, session: &session, keyring: keyring, into: &sink) {
      return .answered(event)
    }
    let offersSaving = request.mayCachePassword && keyring.offersSaving
    return .ask(
      PinentryPrompt.prompt(
        for: request, environment: environment, offersSaving: offersSaving, requester: requester))
  }

  /// Answers `request` from the password manager when pinentry would look
  /// there and finds a PIN the agent can take, and returns what the
  /// session says to do next; nil, having written nothing, otherwise.
  package static func answerFromCache(
    _ request: PinentryRequest, session: inout PinentrySession, keyring: Keyring,
    into sink: inout some ByteSink
  ) -> PinentryEvent? {
    guard request.usesPasswordCache, let key = request.keyInfo,
      let match = keyring.lookup(search(keyInfo: key))
    else { return nil }
    let outcome = match.secret.withUTF8 { pin in
      Result { () throws(PinentrySubmitError) in try session.submitCached(pin: pin, into: &sink) }
    }
    // A PIN the agent could not take (empty, too long) is asked for.
    guard case .success(let event) = outcome else { return nil }
    return event
  }

  /// Saves the PIN just sent for `request`, if the agent allows it.
  static func save(_ pin: any SecretText, for request: PinentryRequest, in keyring: Keyring) {
    guard request.mayCachePassword, let key = request.keyInfo else { return }
    pin.withUTF8 { _ = keyring.save(item(keyInfo: key), secret: $0) }
  }

  /// Carries out `CLEARPASSPHRASE keyInfo` (the agent sends it after a
  /// cached passphrase failed) and answers it.
  package static func clear(
    keyInfo: String, session: inout PinentrySession, keyring: Keyring,
    into sink: inout some ByteSink
  ) -> PinentryEvent {
    let outcome: PinentryCacheClearing
    switch keyring.clear(search(keyInfo: keyInfo)) {
    case true?: outcome = .removed
    case false?: outcome = .notFound
    case nil: outcome = .failed
    }
    return session.answerClearPassphrase(outcome, into: &sink)
  }
}
