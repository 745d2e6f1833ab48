import LoginFormModel

/// Collects bytes that hold no secret (labels, descriptions, `yes`) before
/// they become a `String` or an answer; secrets go to locked memory instead.
package struct ArrayByteSink: ByteSink {
  /// What was appended, in order.
  package private(set) var bytes: [UInt8] = []

  package init() {}

  package mutating func append(_ byte: UInt8) {
    bytes.append(byte)
  }
}
