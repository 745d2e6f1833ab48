extension PinentrySession {
  /// `OPTION name[=value]`, split as libassuan does (blanks around both,
  /// `=` or a blank between, `--` before the name allowed), then set as
  /// pinentry 1.2.1 does, with gpg-agent's `default-yes`/`default-no`
  /// added.
  mutating func setOption(_ argument: UnsafeBufferPointer<UInt8>) throws(AssuanError) {
    guard !argument.isEmpty else { throw .syntax.with(detail: "argument required") }
    guard argument[0] != UInt8(ascii: "=") else {
      throw .syntax.with(detail: "no option name given")
    }
    let equals = UInt8(ascii: "=")
    let nameEnd = argument.firstIndex { Self.isBlank($0) || $0 == equals } ?? argument.count
    var valueStart = argument[nameEnd...].firstIndex { !Self.isBlank($0) } ?? argument.count
    if valueStart < argument.count, argument[valueStart] == equals {
      valueStart = argument[(valueStart + 1)...].firstIndex { !Self.isBlank($0) } ?? argument.count
      guard valueStart < argument.count else {
        throw .syntax.with(detail: "option argument expected")
      }
    }
    let valueEnd = (argument.lastIndex { !Self.isBlank($0) } ?? valueStart) + 1
    var name = try AssuanCoding.text(argument[..<nameEnd])
    if name.hasPrefix("--"), name.count > 2 { name.removeFirst(2) }
    guard !name.hasPrefix("-") else {
      throw .syntax.with(detail: "option should not begin with one dash")
    }
    let value = UnsafeBufferPointer(rebasing: argument[valueStart..<max(valueStart, valueEnd)])
    try setOption(name, value)
  }

  private mutating func setOption(
    _ name: String, _ value: UnsafeBufferPointer<UInt8>
  ) throws(AssuanError) {
    if let flag = Self.flagOption(name) {
      // A flag given a value is not the flag, for pinentry.
      guard value.isEmpty else { throw .unknownOption }
      options[keyPath: flag.keyPath] = flag.value
    } else if let text = Self.textOption(name) {
      options[keyPath: text] = try AssuanCoding.text(value)
    } else if let encoded = Self.encodedTextOption(name) {
      options[keyPath: encoded] = try AssuanCoding.decodeText(value)
    } else if name == "allow-emacs-prompt" && value.isEmpty || name == "debug-wait" {
      // Accepted and ignored: there is no Emacs here, and no one to wait for.
    } else {
      throw .unknownOption
    }
  }

  private static func flagOption(
    _ name: String
  ) -> (keyPath: WritableKeyPath<PinentryOptions, Bool>, value: Bool)? {
    switch name {
    case "grab": (\.grabsKeyboard, true)
    case "no-grab": (\.grabsKeyboard, false)
    case "allow-external-password-cache": (\.allowsExternalPasswordCache, true)
    case "formatted-passphrase": (\.formatsPassphrase, true)
    case "constraints-enforce": (\.enforcesConstraints, true)
    default: nil
    }
  }

  private static func textOption(_ name: String) -> WritableKeyPath<PinentryOptions, String?>? {
    switch name {
    case "display": \.display
    case "ttyname": \.ttyName
    case "ttytype": \.ttyType
    case "ttyalert": \.ttyAlert
    case "lc-ctype": \.lcCtype
    case "lc-messages": \.lcMessages
    case "owner": \.owner
    case "parent-wid": \.parentWindow
    case "touch-file": \.touchFile
    case "default-ok": \.defaultOK
    case "default-cancel": \.defaultCancel
    case "default-yes": \.defaultYes
    case "default-no": \.defaultNo
    case "default-prompt": \.defaultPrompt
    case "default-pwmngr": \.defaultPasswordManager
    case "default-cf-visi": \.defaultConfirmVisibility
    case "default-tt-visi": \.defaultShowTooltip
    case "default-tt-hide": \.defaultHideTooltip
    case "default-capshint": \.defaultCapsLockHint
    case "invisible-char": \.invisibleCharacter
    default: nil
    }
  }

  /// The options pinentry percent-decodes.
  private static func encodedTextOption(
    _ name: String
  ) -> WritableKeyPath<PinentryOptions, String?>? {
    switch name {
    case "formatted-passphrase-hint": \.formattedPassphraseHint
    case "constraints-hint-short": \.constraintsHintShort
    case "constraints-hint-long": \.constraintsHintLong
    case "constraints-error-title": \.constraintsErrorTitle
    default: nil
    }
  }
}
