import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// A pinentry request as a prompt: the one place where the agent's texts
/// and options become what the window shows.
package enum PinentryPrompt {
  /// What to show for `request`; `grabSetting` is `LOGIN_FORM_GRAB`. With
  /// `offersSaving` a `GETPIN` that the agent lets the password manager
  /// keep gets the "Save in password manager" check box.
  package static func prompt(
    for request: PinentryRequest, grabSetting: String?, offersSaving: Bool = false
  ) -> Prompt {
    if case .readerWaits(let action) = request.device {
      return .notice(
        readerNotice(action, for: request, options: options(for: request, grabSetting: grabSetting))
      )
    }
    guard request.kind == .pin else {
      return .question(question(for: request, grabSetting: grabSetting))
    }
    var form = form(for: request, grabSetting: grabSetting)
    if offersSaving, request.mayCachePassword {
      // Labelled as the agent says (`default-pwmngr`, in its client's
      // language), else as pinentry-gtk-2 is.
      form.rememberOffer = .savePassphrase(label: request.options.defaultPasswordManager)
    }
    return .form(form)
  }

  /// The window of a GETPIN: the passphrase (twice with SETREPEAT), any
  /// length up to the agent's 255 bytes, an empty one included, as
  /// pinentry allows.
  private static func form(for request: PinentryRequest, grabSetting: String?) -> FormDescription {
    let rules = FormRules(
      username: FieldRules.unchecked(minimumLength: 0),
      password: FieldRules.unchecked(
        minimumLength: 0, maximumLength: request.maximumPINBytes,
        maximumBytes: request.maximumPINBytes))
    var form = FormDescription(shape: request.shape ?? .passwordOnly, rules: rules)
    form.text = request.description.map(ClientText.displayable)
    form.error = request.error.map(ClientText.displayable)
    if let prompt = request.prompt { form.passwordLabel = fieldLabel(prompt) }
    if case .cardSecret(let secret) = request.device { form.passwordLabel = label(of: secret) }
    if let prompt = request.repeatPrompt { form.repeatLabel = fieldLabel(prompt) }
    form.mismatchText = request.repeatError
    form.matchText = request.repeatOK
    if let constraints = request.constraints { apply(constraints, to: &form) }
    form.okLabel = request.okLabel
    form.cancelLabel = request.cancelLabel
    form.qualityBar = request.qualityBar.map {
      FormDescription.Control(label: plain($0), tooltip: request.qualityBarTooltip)
    }
    form.generateButton = request.generateLabel.map {
      // gpg sends "Suggest" without a mnemonic; give it its first letter.
      FormDescription.Control(
        label: $0.contains("_") ? $0 : "_" + $0, tooltip: request.generateTooltip)
    }
    form.options = options(for: request, grabSetting: grabSetting)
    return form
  }

  /// The window of a CONFIRM or MESSAGE.
  private static func question(for request: PinentryRequest, grabSetting: String?)
    -> QuestionDescription
  {
    let oneButton = request.kind == .confirmation(oneButton: true)
    var question = QuestionDescription(
      text: ClientText.displayable(request.description ?? ""), yes: request.okLabel,
      no: oneButton ? nil : request.cancelLabel)
    question.otherLabel = request.notOKLabel
    question.options = options(for: request, grabSetting: grabSetting)
    return question
  }

  static func options(for request: PinentryRequest, grabSetting: String?)
    -> PromptOptions
  {
    var options = DropIn.options(
      title: request.title.map(ClientText.displayableLine) ?? "GnuPG", grabSetting: grabSetting)
    options.grabsKeyboard = options.grabsKeyboard && request.grabsKeyboard
    options.timeoutSeconds = request.timeoutSeconds
    options.window.parentWindow = request.options.parentWindow.flatMap(WindowHints.windowID)
    return options
  }

  /// An entry label from the agent's prompt ("Passphrase:"): without the
  /// colon, as the window's labels are, and with its first letter as the
  /// mnemonic; underscores in it are the agent's text, not mnemonics.
  private static func fieldLabel(_ prompt: String) -> String {
    let text = plain(prompt)
    return text.isEmpty ? text : "_" + text.replacing("_", with: "__")
  }

  private static func plain(_ text: String) -> String {
    var trimmed = Substring(text)
    while let last = trimmed.last, last == ":" || last.isWhitespace { trimmed.removeLast() }
    return String(trimmed)
  }
}
