import LoginFormModel

extension PinentrySession {
  /// The commands pinentry 1.2.1 lists for `HELP`, in its order:
  /// libassuan's own, then pinentry's; then `SETREPEATOK`, which gnupg
  /// 2.4.1 and later send (pinentry 1.2.2 added it).
  static let commandNames = [
    "NOP", "CANCEL", "OPTION", "BYE", "AUTH", "RESET", "END", "HELP", "SETDESC", "SETPROMPT",
    "SETKEYINFO", "SETREPEAT", "SETREPEATERROR", "SETERROR", "SETOK", "SETNOTOK", "SETCANCEL",
    "GETPIN", "CONFIRM", "MESSAGE", "SETQUALITYBAR", "SETQUALITYBAR_TT", "SETGENPIN",
    "SETGENPIN_TT", "GETINFO", "SETTITLE", "SETTIMEOUT", "CLEARPASSPHRASE", "SETREPEATOK",
  ]

  /// Runs one command line and writes its answer. Only `GETPIN`, `CONFIRM`,
  /// `MESSAGE` (a window) and `BYE` (exit) return an event.
  mutating func dispatch(
    _ line: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) -> PinentryEvent {
    do throws(AssuanError) {
      if Self.isDataLine(line) { throw .notImplemented }
      if line.first.map(Self.isBlank) == true {
        throw .syntax.with(detail: "leading white-space")
      }
      let (name, argument) = Self.command(in: line)
      switch name {
      case "NOP", "END":
        // A stray END follows the agent's answer to CHECKPIN; it must get
        // an OK.
        break
      case "CLEARPASSPHRASE":
        // Answered once the password manager has done it.
        return .clearPassphrase(keyInfo: try Self.clearedKey(argument))
      case "CANCEL", "AUTH": throw .notImplemented
      case "BYE":
        sink.append(contentsOf: "OK closing connection\n".utf8)
        end()
        return .exit
      case "RESET": settings = PinentrySettings()
      case "OPTION": try setOption(argument)
      case "HELP": try writeHelp(argument, into: &sink)
      case "GETINFO": try writeInfo(argument, into: &sink)
      case "GETPIN": return open(.pin)
      case "CONFIRM":
        let oneButton = argument.firstRange(of: "--one-button".utf8) != nil
        return open(.confirmation(oneButton: oneButton))
      case "MESSAGE": return open(.confirmation(oneButton: true))
      case "SETTIMEOUT":
        // pinentry's atoi: garbage is 0, and 0 or less means no timeout.
        if !argument.isEmpty {
          let seconds = Self.leadingInteger(argument)
          timeoutSeconds = seconds > 0 ? seconds : nil
        }
      case "SETKEYINFO":
        let keyInfo = try AssuanCoding.text(argument)
        settings.keyInfo = keyInfo.isEmpty || keyInfo == "--clear" ? nil : keyInfo
      case "SETQUALITYBAR":
        settings.qualityBar = argument.isEmpty ? "Quality:" : try AssuanCoding.decodeText(argument)
      default:
        guard let setting = Self.textSetting(name) else { throw .unknownCommand }
        settings[keyPath: setting] = argument.isEmpty ? nil : try AssuanCoding.decodeText(argument)
      }
      sink.append(contentsOf: "OK\n".utf8)
    } catch {
      error.write(into: &sink)
    }
    return .none
  }

  /// The SET* commands that set one percent-encoded text. An empty
  /// argument unsets it.
  private static func textSetting(_ name: String) -> WritableKeyPath<PinentrySettings, String?>? {
    switch name {
    case "SETDESC": \.description
    case "SETPROMPT": \.prompt
    case "SETTITLE": \.title
    case "SETERROR": \.error
    case "SETOK": \.ok
    case "SETCANCEL": \.cancel
    case "SETNOTOK": \.notOK
    case "SETREPEAT": \.repeatPrompt
    case "SETREPEATERROR": \.repeatError
    case "SETREPEATOK": \.repeatOK
    case "SETQUALITYBAR_TT": \.qualityBarTooltip
    case "SETGENPIN": \.generateLabel
    case "SETGENPIN_TT": \.generateTooltip
    default: nil
    }
  }

  private mutating func open(_ kind: PinentryRequest.Kind) -> PinentryEvent {
    // pinentry drops the quality bar when a confirmation starts.
    if kind != .pin { settings.qualityBar = nil }
    // pinentry's rules for its password cache: with the agent's leave and a
    // key, never for a new passphrase, never to answer a retry, and once.
    var usesPasswordCache = false
    if kind == .pin, options.allowsExternalPasswordCache, let key = settings.keyInfo,
      settings.repeatPrompt == nil, settings.error == nil, !triedPasswordCache.contains(key)
    {
      triedPasswordCache.insert(key)
      usesPasswordCache = true
    }
    let request = PinentryRequest(
      kind: kind, settings: settings, options: options, timeoutSeconds: timeoutSeconds,
      usesPasswordCache: usesPasswordCache)
    window = .open(request, PinentryWindow.Wishes())
    return .show(request)
  }

  private func writeHelp(
    _ argument: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) throws(AssuanError) {
    let topic = Self.command(in: argument).name
    guard topic.isEmpty else {
      // pinentry registers no help texts: a known command has none.
      throw Self.commandNames.contains(topic) ? .notFound : .unknownHelpTopic
    }
    for name in Self.commandNames { sink.append(contentsOf: "# \(name)\n".utf8) }
  }

  private func writeInfo(
    _ argument: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) throws(AssuanError) {
    let value: String
    switch String(decoding: argument, as: UTF8.self) {
    case "flavor": value = host.flavor
    case "version": value = host.version
    case "pid": value = String(host.processID)
    case "ttyinfo":
      let device = options.ttyName.flatMap { $0.isEmpty ? nil : host.deviceStatus($0) } ?? "-"
      let fields = [options.ttyName, options.ttyType, options.display].map { $0 ?? "-" }
      value = "\(fields.joined(separator: " ")) \(device) \(host.userID)/\(host.groupID) -"
    default: throw .parameter
    }
    sink.append(contentsOf: "D ".utf8)
    AssuanCoding.appendData(value.utf8, into: &sink)
    sink.append(LineByte.newline)
  }

  /// The command word, upper-cased as libassuan matches it, and its
  /// argument after the blanks that follow it.
  static func command(
    in line: UnsafeBufferPointer<UInt8>
  ) -> (name: String, argument: UnsafeBufferPointer<UInt8>) {
    let wordEnd = line.firstIndex(where: isBlank) ?? line.count
    let argumentStart = line[wordEnd...].firstIndex { !isBlank($0) } ?? line.count
    let name = line[..<wordEnd].map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
    return (
      String(decoding: name, as: UTF8.self),
      UnsafeBufferPointer(rebasing: line[argumentStart...])
    )
  }

  static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  /// `D ` starts a data line, which libassuan never dispatches.
  static func isDataLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.count >= 2 && line[0] == UInt8(ascii: "D") && line[1] == UInt8(ascii: " ")
  }

  /// C's `atoi`: blanks, a sign, digits, and 0 when there are none;
  /// clamped to 32 bits instead of overflowing.
  static func leadingInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = bytes.firstIndex { !(isBlank($0) || (0x0A...0x0D).contains($0)) } ?? bytes.count
    var sign = 1
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      if bytes[index] == UInt8(ascii: "-") { sign = -1 }
      index += 1
    }
    var value = 0
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    while index < bytes.count, digits.contains(bytes[index]) {
      value = min(value * 10 + Int(bytes[index] - digits.lowerBound), Int(Int32.max))
      index += 1
    }
    return sign * value
  }
}
