import LoginFormModel

@testable import LoginFormProtocols

/// Collects output in an array, as the tests' stand-in for a locked buffer.
struct TestSink: ByteSink {
  var bytes: [UInt8] = []

  mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Calls `body` with the UTF-8 of `text` in a buffer, as the caller's
/// locked memory would hand it over.
func withBytes<Result>(
  _ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
) rethrows -> Result {
  try withBytes(Array(text.utf8), body)
}

/// Calls `body` with `bytes` in a buffer.
func withBytes<Result>(
  _ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
) rethrows -> Result {
  try bytes.withUnsafeBufferPointer(body)
}

extension PinentryHost {
  /// A host with fixed numbers, so transcripts are exact.
  static let test = PinentryHost(
    processID: 4242, userID: 1000, groupID: 1000, flavor: "login-form", version: "1.0",
    deviceStatus: { _ in "20620/1000/5" })
}

extension PinentryEvent {
  /// The request to show, if this event opens a window.
  var request: PinentryRequest? {
    if case .show(let request) = self { return request }
    return nil
  }

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  var isExit: Bool {
    if case .exit = self { return true }
    return false
  }

  var quality: Int? {
    if case .quality(let score) = self { return score }
    return nil
  }
}
