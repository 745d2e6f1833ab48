/// The bytes that end or cut a line for the callers of line protocols.
package enum LineByte {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let nul: UInt8 = 0

  /// CR, LF and NUL: each makes a C reader or a line reader see less than
  /// was written.
  static func breaksLine(_ byte: UInt8) -> Bool {
    byte == newline || byte == carriageReturn || byte == nul
  }
}

extension LineByte {
  /// Whether `value` can be one line of a line protocol (an askpass answer,
  /// a credential `key=value`): without CR, LF or NUL, which would cut it or
  /// start a line of its own choosing.
  package static func fitsOneLine(_ value: some Sequence<UInt8>) -> Bool {
    !value.contains(where: breaksLine)
  }
}
