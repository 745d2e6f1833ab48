import LoginFormModel

/// Collects non-secret bytes (labels, descriptions) before they become a
/// `String`.
struct ArrayByteSink: ByteSink {
  var bytes: [UInt8] = []

  mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }
}
