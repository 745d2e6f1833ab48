import LoginFormModel

extension PinentrySession {
  /// The person pressed OK in a `GETPIN` window: writes `S PIN_REPEATED`
  /// (when a repeat was asked and `repeated`), `D <pin>` and `OK`, reading
  /// `pin` in place. An empty PIN gets `OK` alone, as from pinentry.
  ///
  /// Throws, writing nothing and leaving the window open, when `pin` is
  /// longer than the agent takes. Does nothing when no `GETPIN` is open.
  package mutating func submit(
    pin: UnsafeBufferPointer<UInt8>, repeated: Bool, into sink: inout some ByteSink
  ) throws(PinentrySubmitError) -> PinentryEvent {
    guard let request = openRequest, request.kind == .pin else { return hasEnded ? .exit : .none }
    guard pin.count <= Self.maximumPINBytes else {
      throw .tooManyBytes(maximum: Self.maximumPINBytes, actual: pin.count)
    }
    if !pin.isEmpty {
      if repeated && request.repeatPrompt != nil {
        sink.append(contentsOf: "S PIN_REPEATED\n".utf8)
      }
      sink.append(contentsOf: "D ".utf8)
      AssuanCoding.appendData(pin, into: &sink)
      sink.append(LineByte.newline)
    }
    sink.append(contentsOf: "OK\n".utf8)
    return finishRequest(into: &sink)
  }

  /// The person pressed OK in a confirmation or message: writes `OK`.
  package mutating func confirm(into sink: inout some ByteSink) -> PinentryEvent {
    guard let request = openRequest, request.kind != .pin else { return hasEnded ? .exit : .none }
    sink.append(contentsOf: "OK\n".utf8)
    return finishRequest(into: &sink)
  }

  /// The window ended another way: writes the agent's error (a message
  /// still answers `OK`, as in pinentry, unless it timed out).
  package mutating func dismiss(
    _ reason: PinentryDismissal, into sink: inout some ByteSink
  ) -> PinentryEvent {
    guard let request = openRequest else { return hasEnded ? .exit : .none }
    Self.writeAnswer(reason, to: request, into: &sink)
    return finishRequest(into: &sink)
  }

  static func writeAnswer(
    _ reason: PinentryDismissal, to request: PinentryRequest, into sink: inout some ByteSink
  ) {
    let isMessage = request.kind == .confirmation(oneButton: true)
    if reason == .closed { sink.append(contentsOf: "S BUTTON_INFO close\n".utf8) }
    switch reason {
    case .unusableTerminal(let code): AssuanError.system(code).write(into: &sink)
    case .timedOut: AssuanError.timeout.write(into: &sink)
    case .noMemory: AssuanError.noMemory.write(into: &sink)
    case _ where isMessage: sink.append(contentsOf: "OK\n".utf8)
    case .notConfirmed where request.kind != .pin: AssuanError.notConfirmed.write(into: &sink)
    default: AssuanError.cancelled.write(into: &sink)
    }
  }

  /// Forgets what pinentry forgets after a request, then answers the lines
  /// held meanwhile, up to the next window or `BYE`.
  mutating func finishRequest(into sink: inout some ByteSink) -> PinentryEvent {
    settings.error = nil
    if openRequest?.kind == .pin {
      settings.repeatPrompt = nil
      settings.qualityBar = nil
    }
    window = .none
    if inquiry != nil { inquiryOutlivedRequest = true }
    return answerPending(into: &sink)
  }

  /// Answers the lines held while a window was open, up to the next event
  /// that needs the glue.
  mutating func answerPending(into sink: inout some ByteSink) -> PinentryEvent {
    while !pending.isEmpty {
      let event: PinentryEvent
      switch pending.removeFirst() {
      case .command(let line): event = line.withUnsafeBufferPointer { dispatch($0, into: &sink) }
      case .data:
        AssuanError.notImplemented.write(into: &sink)
        event = .none
      case .overlong:
        AssuanError.lineTooLong.write(into: &sink)
        event = .none
      }
      if case .none = event { continue }
      return event
    }
    for _ in 0..<overflowingLines { AssuanError.nestedCommands.write(into: &sink) }
    overflowingLines = 0
    if inputEnded {
      end()
      return .exit
    }
    return .none
  }
}
