import LoginFormModel
import LoginFormTestSupport

@testable import LoginFormProtocols

/// Plays the agent's side: feeds lines as the glue would and keeps what the
/// session wrote, so tests compare exact transcripts.
final class PinentryDriver {
  var session: PinentrySession
  var sink = ArraySink()

  init(host: PinentryHost = .test, options: PinentryOptions = PinentryOptions()) {
    session = PinentrySession(host: host, options: options)
  }

  /// What was written since the last call, then forgotten.
  func output() -> String {
    defer { sink = ArraySink() }
    return sink.text
  }

  func greet() -> String {
    session.writeGreeting(into: &sink)
    return output()
  }

  /// Sends one line (without LF) and returns the event.
  @discardableResult
  func send(_ line: String) -> PinentryEvent {
    withBytes(line) { session.receive(line: $0, into: &sink) }
  }

  /// Sends raw bytes as one line.
  @discardableResult
  func send(bytes: [UInt8]) -> PinentryEvent {
    withBytes(bytes) { session.receive(line: $0, into: &sink) }
  }

  /// Sends lines whose answers the test does not check, and forgets them.
  func prepare(_ lines: String...) {
    for line in lines { send(line) }
    _ = output()
  }

  /// Sends `line` and returns what was written since the last look.
  func answer(_ line: String) -> String {
    send(line)
    return output()
  }

  @discardableResult
  func submit(_ pin: String, repeated: Bool = false) throws -> PinentryEvent {
    try withBytes(pin) { bytes throws(PinentrySubmitError) in
      try session.submit(pin: bytes, repeated: repeated, into: &sink)
    }
  }

  @discardableResult
  func confirm() -> PinentryEvent {
    session.confirm(into: &sink)
  }

  @discardableResult
  func dismiss(_ reason: PinentryDismissal) -> PinentryEvent {
    session.dismiss(reason, into: &sink)
  }

  @discardableResult
  func requestQuality(of pin: String) -> Bool {
    withBytes(pin) { session.requestQuality(of: $0, into: &sink) }
  }

  @discardableResult
  func requestPINCheck(of pin: String) -> Bool {
    withBytes(pin) { session.requestPINCheck(of: $0, into: &sink) }
  }

  @discardableResult
  func requestGeneratedPIN() -> Bool {
    session.requestGeneratedPIN(into: &sink)
  }

  @discardableResult
  func overlongLine() -> PinentryEvent {
    session.receiveOverlongLine(into: &sink)
  }

  /// Sends a D line answering GENPIN and decodes the passphrase the event
  /// hands over, before the line's bytes go away.
  func sendGenerated(_ line: String) -> (event: PinentryEvent, decoded: String?) {
    withBytes(line) { bytes in
      let event = session.receive(line: bytes, into: &sink)
      guard case .generatedPIN(let pin?) = event else { return (event, nil) }
      var decoded = ArraySink()
      guard pin.decodedCount != nil, pin.decode(into: &decoded) else { return (event, nil) }
      return (event, decoded.text)
    }
  }
}
