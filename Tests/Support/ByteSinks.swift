import LoginFormModel

/// Collects encoded output in an array: the test suites' stand-in for the
/// locked memory an answer is written into.
package struct ArraySink: ByteSink {
  /// What was appended, in order.
  package var bytes: [UInt8] = []

  package init() {}

  package mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// The bytes as text (invalid UTF-8 shows as U+FFFD).
  package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A secret kept in an array, as the tests' stand-in for a locked entry
/// buffer. Each edit makes a new one, so a form that kept reading an old
/// one would be caught; `reads` counts how often it was read.
package final class TestSecret: SecretText {
  package let bytes: [UInt8]
  /// How many times `withUTF8` ran.
  package private(set) var reads = 0

  package init(_ text: String) {
    bytes = Array(text.utf8)
  }

  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    reads += 1
    return try bytes.withUnsafeBufferPointer(body)
  }
}

/// Calls `body` with the UTF-8 of `text` in a buffer, as the caller's
/// locked memory would hand it over.
package func withBytes<Result>(
  _ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
) rethrows -> Result {
  try withBytes(Array(text.utf8), body)
}

/// Calls `body` with `bytes` in a buffer.
package func withBytes<Result>(
  _ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
) rethrows -> Result {
  try bytes.withUnsafeBufferPointer(body)
}
