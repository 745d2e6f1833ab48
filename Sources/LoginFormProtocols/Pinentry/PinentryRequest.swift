import LoginFormModel

/// One window to open: everything a `GETPIN`, `CONFIRM` or `MESSAGE` asks,
/// with the texts the agent set before it, percent-decoded.
///
/// Labels may hold `_` before a mnemonic letter and `__` for a literal
/// underscore, as GTK's mnemonic labels read them.
package struct PinentryRequest: Hashable, Sendable {
  /// The three kinds of window.
  package enum Kind: Hashable, Sendable {
    /// `GETPIN`: a hidden entry (twice with a repeat prompt), OK, Cancel.
    case pin
    /// `CONFIRM`: OK and Cancel, plus the not-OK button when one is
    /// labelled. With `oneButton` (`CONFIRM --one-button`, `MESSAGE`) only
    /// OK: a message.
    case confirmation(oneButton: Bool)
  }

  /// Which window.
  package let kind: Kind
  /// `SETTITLE`, if any; otherwise the glue titles the window (pinentry
  /// uses the `owner` option or its program name).
  package let title: String?
  /// `SETDESC`: the main text, often several lines.
  package let description: String?
  /// The entry's label: `SETPROMPT`, else `default-prompt`, else `PIN:`.
  /// Nil for a confirmation.
  package let prompt: String?
  /// `SETERROR`: why this is asked again (`Bad Passphrase (try 2 of 3)`),
  /// shown with this request only.
  package let error: String?
  /// `SETOK`, else `default-ok`, else `_OK`.
  package let okLabel: String
  /// `SETCANCEL`, else `default-cancel`, else `_Cancel`. Not shown with one
  /// button.
  package let cancelLabel: String
  /// `SETNOTOK`: a third button, for a two-button confirmation only.
  package let notOKLabel: String?
  /// `SETREPEAT`: ask the PIN a second time under this label.
  package let repeatPrompt: String?
  /// `SETREPEATERROR`: what to say when the two differ.
  package let repeatError: String?
  /// `SETREPEATOK`: what to say when the two are the same (gnupg 2.4.1
  /// and later).
  package let repeatOK: String?
  /// The agent's passphrase rules, for a new passphrase (one asked twice)
  /// after `OPTION constraints-enforce`; nil otherwise, and then no
  /// `INQUIRE CHECKPIN` may be sent (the agent would fail the request).
  package let constraints: PinentryConstraints?
  /// What the request asks of a smart card or its reader, if anything.
  package let device: PinentryDeviceRequest?
  /// `SETQUALITYBAR`: show a strength bar with this label, fed by
  /// `requestQuality(of:into:)`.
  package let qualityBar: String?
  /// `SETQUALITYBAR_TT`: the strength bar's tooltip.
  package let qualityBarTooltip: String?
  /// `SETGENPIN`: offer a button with this label that asks the agent for a
  /// passphrase (`requestGeneratedPIN(into:)`).
  package let generateLabel: String?
  /// `SETGENPIN_TT`: that button's tooltip.
  package let generateTooltip: String?
  /// Close with `PinentryDismissal.timedOut` after this many seconds if
  /// nothing was typed yet (pinentry-gtk's rule); nil never.
  package let timeoutSeconds: Int?
  /// `SETKEYINFO`: which key, as `n/<keygrip>` or `u/…`; raw.
  package let keyInfo: String?
  /// The session's options (grab, locale, defaults, constraint hints, …).
  package let options: PinentryOptions
  /// Whether to look the PIN up in the password manager before showing a
  /// window (pinentry's rules: `allow-external-password-cache`, a key, no
  /// repeat, no error, the first time for this key); a hit is answered
  /// with `submitCached(pin:into:)`.
  package let usesPasswordCache: Bool

  /// Whether the window may offer to save the PIN in the password manager
  /// (the agent allows it and names a key; `SETKEYINFO --clear`, as for a
  /// card's PIN, names none).
  package var mayCachePassword: Bool {
    kind == .pin && options.allowsExternalPasswordCache && keyInfo != nil
  }

  /// The most bytes of PIN the agent takes: a rule the entry must enforce
  /// live (`FieldRules.maximumBytes`), never a cut.
  package var maximumPINBytes: Int { PinentrySession.maximumPINBytes }

  /// Whether to grab the keyboard while the window is up.
  package var grabsKeyboard: Bool { options.grabsKeyboard }

  /// The fields: the PIN alone or twice; nil for a confirmation.
  package var shape: FormShape? {
    guard kind == .pin else { return nil }
    return repeatPrompt == nil ? .passwordOnly : FormShape.passwordOnly.repeatingPassword
  }

  init(
    kind: Kind, settings: PinentrySettings, options: PinentryOptions, timeoutSeconds: Int?,
    usesPasswordCache: Bool = false
  ) {
    self.kind = kind
    let asksPIN = kind == .pin
    title = settings.title
    description = settings.description
    prompt = asksPIN ? settings.prompt ?? options.defaultPrompt ?? "PIN:" : nil
    error = settings.error
    okLabel = settings.ok ?? options.defaultOK ?? "_OK"
    cancelLabel = settings.cancel ?? options.defaultCancel ?? "_Cancel"
    notOKLabel = kind == .confirmation(oneButton: false) ? settings.notOK : nil
    repeatPrompt = asksPIN ? settings.repeatPrompt : nil
    repeatError = asksPIN ? settings.repeatError : nil
    repeatOK = asksPIN && settings.repeatPrompt != nil ? settings.repeatOK : nil
    constraints =
      asksPIN && settings.repeatPrompt != nil && options.enforcesConstraints
      ? PinentryConstraints(
        shortHint: options.constraintsHintShort, longHint: options.constraintsHintLong,
        errorTitle: options.constraintsErrorTitle)
      : nil
    device = PinentryDeviceRequest(kind: kind, settings: settings)
    qualityBar = asksPIN ? settings.qualityBar : nil
    qualityBarTooltip = asksPIN ? settings.qualityBarTooltip : nil
    generateLabel = asksPIN ? settings.generateLabel : nil
    generateTooltip = asksPIN ? settings.generateTooltip : nil
    self.timeoutSeconds = timeoutSeconds
    keyInfo = settings.keyInfo
    self.options = options
    self.usesPasswordCache = usesPasswordCache
  }
}
