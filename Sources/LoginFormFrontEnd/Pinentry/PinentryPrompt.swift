import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// A pinentry request as a prompt: the one place where the agent's texts
/// and options become what the window shows.
package enum PinentryPrompt {
  /// What to show for `request`; `environment` tunes the window
  /// (`DropIn.options`), and
  /// `requester` says which program asks (from `OPTION owner`, see
  /// `Requester`), if known. With `offersSaving` a `GETPIN` that the agent
  /// lets the password manager keep gets the "Save in password manager"
  /// check box.
  package static func prompt(
    for request: PinentryRequest, environment: LaunchEnvironment, offersSaving: Bool = false,
    requester: String? = nil
  ) -> Prompt {
    var options = options(for: request, environment: environment)
    options.requester = requester
    if case .readerWaits(let action) = request.device {
      return .notice(readerNotice(action, for: request, options: options))
    }
    guard request.kind == .pin else {
      return .question(question(for: request, options: options))
    }
    var form = form(for: request, options: options)
    if offersSaving, request.mayCachePassword {
      // Labelled as the agent says (`default-pwmngr`, in its client's
      // language), else as pinentry-gtk-2 is.
      form.rememberOffer = .savePassphrase(label: request.options.defaultPasswordManager)
    }
    return .form(form)
  }

  /// The window of a GETPIN: the passphrase (twice with SETREPEAT), any
  /// length up to the agent's 255 bytes, an empty one included, as
  /// pinentry allows; but never an empty card secret, which no card
  /// takes and which would cost one of its few tries.
  private static func form(for request: PinentryRequest, options: PromptOptions)
    -> FormDescription
  {
    let isCardSecret: Bool
    if case .cardSecret = request.device { isCardSecret = true } else { isCardSecret = false }
    let rules = FormRules(
      username: FieldRules.unchecked(minimumLength: 0),
      password: FieldRules.unchecked(
        minimumLength: isCardSecret ? 1 : 0, maximumLength: request.maximumPINBytes,
        maximumBytes: request.maximumPINBytes))
    var form = FormDescription(shape: request.shape ?? .passwordOnly, rules: rules)
    form.text = request.description.map(ClientText.displayable)
    form.error = request.error.map(ClientText.displayable)
    if let prompt = request.prompt { form.passwordLabel = fieldLabel(prompt) }
    if case .cardSecret(let secret) = request.device { form.passwordLabel = label(of: secret) }
    if let prompt = request.repeatPrompt { form.repeatLabel = fieldLabel(prompt) }
    // The agent's SETREPEATERROR ("does not match - try again") is worded
    // for a retry after OK; here the field says it live, naming what the
    // repeat must match.
    form.mismatchText =
      [request.prompt, request.repeatPrompt].compactMap({ $0 }).contains(where: namesAPIN)
      ? localized("Does not match the PIN") : localized("Does not match the passphrase")
    form.matchText = request.repeatOK
    if let constraints = request.constraints { apply(constraints, to: &form) }
    let unlocks = request.repeatPrompt == nil && ["n/", "s/"].contains(request.keyInfo?.prefix(2))
    form.okLabel =
      unlocks && request.okLabel == (request.options.defaultOK ?? "_OK")
      ? localized("_Unlock") : request.okLabel
    form.cancelLabel = request.cancelLabel
    form.qualityBar = request.qualityBar.map {
      FormDescription.Control(label: plain($0), tooltip: request.qualityBarTooltip)
    }
    form.generateButton = request.generateLabel.map {
      // gpg sends "Suggest" without a mnemonic; give it its first letter.
      FormDescription.Control(
        label: $0.contains("_") ? $0 : "_" + $0, tooltip: request.generateTooltip)
    }
    form.options = options
    if request.title == nil {
      form.options.title = title(for: request, unlocks: unlocks)
    }
    return form
  }

  /// What the agent asks for, as the title, when it sends none: the job, so
  /// that a password manager's auto-type rule can match it.
  private static func title(for request: PinentryRequest, unlocks: Bool) -> String {
    if unlocks {
      return request.keyInfo?.hasPrefix("s/") == true
        ? localized("Unlock SSH Key") : localized("Unlock GnuPG Key")
    }
    guard request.repeatPrompt != nil else { return "GnuPG" }
    if case .cardSecret(let secret) = request.device { return newTitle(of: secret) }
    return localized("New Passphrase")
  }

  /// The window of a CONFIRM or MESSAGE.
  private static func question(for request: PinentryRequest, options: PromptOptions)
    -> QuestionDescription
  {
    let oneButton = request.kind == .confirmation(oneButton: true)
    let (heading, text) = headed(ClientText.displayable(request.description ?? ""))
    var question = QuestionDescription(
      text: text, yes: request.okLabel, no: oneButton ? nil : request.cancelLabel)
    question.heading = heading
    question.otherLabel = request.notOKLabel
    question.options = options
    return question
  }

  static func options(for request: PinentryRequest, environment: LaunchEnvironment)
    -> PromptOptions
  {
    var options = DropIn.options(
      title: request.title.map(ClientText.title) ?? "GnuPG", environment: environment)
    options.grabsKeyboard = options.grabsKeyboard && request.grabsKeyboard
    options.timeoutSeconds = request.timeoutSeconds
    // The agent's window first: it names the window that asked this time.
    if let parent = request.options.parentWindow.flatMap({
      WindowParent(windowID: $0, source: "parent-wid")
    }) {
      options.window.parents.insert(parent, at: 0)
    }
    return options
  }

  /// An entry label from the agent's prompt ("Passphrase:"): without the
  /// colon, as the window's labels are, and with its first letter as the
  /// mnemonic; underscores in it are the agent's text, not mnemonics.
  private static func fieldLabel(_ prompt: String) -> String {
    let text = plain(prompt)
    return text.isEmpty ? text : "_" + DropIn.mnemonicEscaped(text)
  }

  /// An alert's heading and text from a description whose first paragraph
  /// is one line ("Warning: You have entered an insecure passphrase." then
  /// a blank line), as gpg-agent writes its warnings; otherwise no heading.
  private static func headed(_ description: String) -> (heading: String?, text: String) {
    let paragraphs = description.split(separator: "\n\n", maxSplits: 1)
    guard paragraphs.count == 2, !paragraphs[0].contains("\n"),
      !paragraphs[1].allSatisfy(\.isWhitespace)
    else { return (nil, description) }
    return (String(paragraphs[0]), String(paragraphs[1]))
  }

  /// Whether a prompt asks for a PIN ("PIN:", "Repeat this PIN") rather
  /// than a passphrase.
  private static func namesAPIN(_ prompt: String) -> Bool {
    prompt.split { !$0.isLetter }.contains("PIN")
  }

  private static func plain(_ text: String) -> String {
    var trimmed = Substring(text)
    while let last = trimmed.last, last == ":" || last.isWhitespace { trimmed.removeLast() }
    return String(trimmed)
  }
}
