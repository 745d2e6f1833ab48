import LoginFormGtk
import LoginFormModel
import LoginFormProtocols

/// A pinentry request as a window description: the one place where the
/// agent's texts and options become what the window shows.
@MainActor enum PinentryPrompt {
  /// The window of a GETPIN: the passphrase (twice with SETREPEAT), any
  /// length up to the agent's 255 bytes, an empty one included, as
  /// pinentry allows.
  static func form(for request: PinentryRequest) -> PromptDescription {
    let rules = FormRules(
      username: try! FieldRules(minimumLength: 0),
      password: try! FieldRules(
        minimumLength: 0, maximumLength: request.maximumPINBytes,
        maximumBytes: request.maximumPINBytes))
    var description = PromptDescription(shape: request.shape ?? .passwordOnly, rules: rules)
    description.text = request.description.map(withoutTrailingBreaks)
    description.error = request.error
    description.passwordLabel = request.prompt.map(fieldLabel)
    description.repeatLabel = request.repeatPrompt.map(fieldLabel)
    description.mismatchText = request.repeatError
    description.okLabel = request.okLabel
    description.cancelLabel = request.cancelLabel
    description.qualityBar = request.qualityBar.map {
      PromptDescription.Control(label: plain($0), tooltip: request.qualityBarTooltip)
    }
    description.generateButton = request.generateLabel.map {
      // gpg sends "Suggest" without a mnemonic; give it its first letter.
      PromptDescription.Control(
        label: $0.contains("_") ? $0 : "_" + $0, tooltip: request.generateTooltip)
    }
    description.window = windowOptions(for: request)
    return description
  }

  /// The window of a CONFIRM or MESSAGE.
  static func question(for request: PinentryRequest) -> QuestionDescription {
    let oneButton = request.kind == .confirmation(oneButton: true)
    var description = QuestionDescription(
      text: withoutTrailingBreaks(request.description ?? ""), yes: request.okLabel,
      no: oneButton ? nil : request.cancelLabel)
    description.otherLabel = request.notOKLabel
    description.window = windowOptions(for: request)
    return description
  }

  private static func windowOptions(for request: PinentryRequest) -> WindowOptions {
    var options = DropIn.windowOptions(title: request.title ?? "GnuPG")
    options.grabsKeyboard = options.grabsKeyboard && request.grabsKeyboard
    options.timeoutSeconds = request.timeoutSeconds
    options.parentWindow = request.options.parentWindow.flatMap(WindowOptions.windowID)
    return options
  }

  /// An entry label from the agent's prompt ("Passphrase:"): without the
  /// colon, as the window's labels are, and with its first letter as the
  /// mnemonic; underscores in it are the agent's text, not mnemonics.
  static func fieldLabel(_ prompt: String) -> String {
    let text = plain(prompt)
    return text.isEmpty ? text : "_" + text.replacing("_", with: "__")
  }

  /// gpg ends most descriptions with a line break, which would show as a
  /// blank line.
  private static func withoutTrailingBreaks(_ text: String) -> String {
    var trimmed = Substring(text)
    while let last = trimmed.last, last.isNewline { trimmed.removeLast() }
    return String(trimmed)
  }

  private static func plain(_ text: String) -> String {
    var trimmed = Substring(text)
    while let last = trimmed.last, last == ":" || last.isWhitespace { trimmed.removeLast() }
    return String(trimmed)
  }
}
