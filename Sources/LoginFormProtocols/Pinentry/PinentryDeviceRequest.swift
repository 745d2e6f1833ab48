/// What gpg-agent asks about a smart card, read from its exact words
/// (gnupg 2.2.40, agent/divert-scd.c `getpin_cb`, in English: the agent
/// translates them into the client's language, and a translation is
/// shown as sent).
package enum PinentryDeviceRequest: Hashable, Sendable {
  /// A card's secret, by the `SETPROMPT` the agent sends for it: "PIN",
  /// "Admin PIN", "PUK" or "Reset Code". A new one is asked again in a
  /// second window described "Repeat this PIN" (PUK, Reset Code).
  case cardSecret(CardSecret)
  /// `CONFIRM --one-button` while the card reader's pinpad takes the PIN
  /// ("Use the reader's pinpad for input.") or the card waits for its
  /// button ("Push ACK button on card/token."): the agent ends the
  /// pinentry with SIGINT once the reader is done.
  case readerWaits(ReaderAction)

  /// The four secrets of an OpenPGP card.
  package enum CardSecret: String, Hashable, Sendable, CaseIterable {
    case pin = "PIN"
    case adminPIN = "Admin PIN"
    case puk = "PUK"
    case resetCode = "Reset Code"
  }

  /// What the reader waits for.
  package enum ReaderAction: Hashable, Sendable {
    /// The PIN, typed on the reader's own keys.
    case pinpad
    /// A press of the card's or token's button.
    case button
  }

  /// The agent's words for each, as sent.
  static let pinpadText = "Use the reader's pinpad for input."
  static let buttonText = "Push ACK button on card/token."

  /// What `kind` with these settings asks of a card, if anything: card
  /// secrets come with `SETKEYINFO --clear` (nothing to cache) and one of
  /// the four prompts; the reader's wait with one of its two sentences
  /// closing the description.
  init?(kind: PinentryRequest.Kind, settings: PinentrySettings) {
    switch kind {
    case .pin:
      guard settings.keyInfo == nil, let prompt = settings.prompt,
        let secret = CardSecret(rawValue: prompt)
      else { return nil }
      self = .cardSecret(secret)
    case .confirmation(oneButton: true):
      let description = settings.description ?? ""
      var text = Substring(description)
      while let last = text.last, last.isNewline || last == " " { text.removeLast() }
      if text.hasSuffix(Self.pinpadText) {
        self = .readerWaits(.pinpad)
      } else if text.hasSuffix(Self.buttonText) {
        self = .readerWaits(.button)
      } else {
        return nil
      }
    case .confirmation(oneButton: false):
      return nil
    }
  }
}
