import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// Smart cards and gpg-agent's passphrase rules, as prompts.
extension PinentryPrompt {
  /// A card secret's label, in the user's language, `_` before the
  /// mnemonic: the agent's word for it, which is what the card's manual
  /// and the other tools call it.
  static func label(of secret: PinentryDeviceRequest.CardSecret) -> String {
    words(of: secret).label
  }

  /// The title of a window that sets a new card secret: the card's word
  /// for it, never "New Passphrase".
  static func newTitle(of secret: PinentryDeviceRequest.CardSecret) -> String {
    words(of: secret).newTitle
  }

  private static func words(of secret: PinentryDeviceRequest.CardSecret) -> (
    label: String, newTitle: String
  ) {
    switch secret {
    case .pin: (localized("_PIN"), localized("New PIN"))
    case .adminPIN: (localized("_Admin PIN"), localized("New Admin PIN"))
    case .puk: (localized("P_UK"), localized("New PUK"))
    case .resetCode: (localized("R_eset Code"), localized("New Reset Code"))
    }
  }

  /// The notice while the reader takes the PIN on its own keys, or the card
  /// waits for its button: the agent's description under a heading that
  /// says where to act. It asks nothing, so it takes no keys, and the agent
  /// ends it.
  static func readerNotice(
    _ action: PinentryDeviceRequest.ReaderAction, for request: PinentryRequest,
    options: PromptOptions
  ) -> NoticeDescription {
    let heading =
      switch action {
      case .pinpad: localized("Type the PIN on the card reader")
      case .button: localized("Press the button on your card or token")
      }
    return NoticeDescription(
      heading: heading, text: ClientText.displayable(request.description ?? ""),
      close: localized("_Close"), options: options)
  }

  /// gpg-agent's rules for a new passphrase: said before typing (the
  /// short hint, the long one as its tooltip), and checked by the agent
  /// on each edit before OK can be pressed. The agent refuses an empty
  /// passphrase, so the field is required.
  static func apply(_ constraints: PinentryConstraints, to form: inout FormDescription) {
    form.passwordRequirement = constraints.shortHint
    form.passwordRequirementDetails = constraints.longHint
    form.externalCheck = ExternalCheck(refusalTitle: constraints.errorTitle)
    let rules = form.rules.password
    form.rules = FormRules(
      username: form.rules.username,
      password: FieldRules.unchecked(
        minimumLength: 1, maximumLength: rules.maximumLength, maximumBytes: rules.maximumBytes))
  }
}

extension PinentryFrontEnd {
  /// The agent's verdict on a new passphrase, as the window shows it. A
  /// refusal's first paragraph is gpg's general warning ("Warning: You
  /// have entered an insecure passphrase."); the reasons follow a blank
  /// line, wrapped at about 60 columns, so the one-line message is the
  /// reasons joined, and the tooltip all of it under the refusal's title.
  package static func verdict(for check: PinentryPINCheck, constraints: PinentryConstraints?)
    -> ExternalVerdict
  {
    switch check {
    case .accepted: return .accepted
    case .unavailable: return .unavailable
    case .refused(let text):
      let paragraphs = text.split(separator: "\n\n", omittingEmptySubsequences: true)
      let reasons = paragraphs.count > 1 ? paragraphs.dropFirst() : paragraphs[...]
      let lines = reasons.joined(separator: "\n").split(whereSeparator: \.isNewline)
      let message = lines.map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
        .joined(separator: " ")
      let title = constraints?.errorTitle.map { $0 + "\n\n" } ?? ""
      return .refused(message: message, details: title + text)
    }
  }
}
