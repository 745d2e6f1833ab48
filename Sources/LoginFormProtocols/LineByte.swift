/// The bytes that end or cut a line for the callers of line protocols.
enum LineByte {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let nul: UInt8 = 0

  /// CR, LF and NUL: each makes a C reader or a line reader see less than
  /// was written.
  static func breaksLine(_ byte: UInt8) -> Bool {
    byte == newline || byte == carriageReturn || byte == nul
  }
}
