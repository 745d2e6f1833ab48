/// C string escapes as systemd's `cescape` writes them: `\\`, `\"`, `\'`,
/// `\a \b \f \n \r \t \v`, `\xNN` and three octal digits.
enum CEscapes {
  /// `text` with its escapes replaced by the bytes they stand for; nil when
  /// an escape is broken or the bytes are not UTF-8.
  static func unescape(_ text: String) -> String? {
    guard text.contains("\\") else { return text }
    var bytes: [UInt8] = []
    var rest = Substring(text).utf8
    while let byte = rest.popFirst() {
      guard byte == UInt8(ascii: "\\") else {
        bytes.append(byte)
        continue
      }
      guard let kind = rest.popFirst() else { return nil }
      switch kind {
      case UInt8(ascii: "x"):
        guard let value = number(&rest, digits: 2, radix: 16) else { return nil }
        bytes.append(value)
      case UInt8(ascii: "0")...UInt8(ascii: "3"):
        guard let low = number(&rest, digits: 2, radix: 8) else { return nil }
        bytes.append((kind - UInt8(ascii: "0")) << 6 | low)
      default:
        guard let value = simple[kind] else { return nil }
        bytes.append(value)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static let simple: [UInt8: UInt8] = [
    UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "\""): UInt8(ascii: "\""),
    UInt8(ascii: "'"): UInt8(ascii: "'"), UInt8(ascii: "a"): 0x07, UInt8(ascii: "b"): 0x08,
    UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D,
    UInt8(ascii: "t"): 0x09, UInt8(ascii: "v"): 0x0B,
  ]

  /// The next `digits` digits of `rest`, consumed.
  private static func number(_ rest: inout Substring.UTF8View, digits: Int, radix: Int) -> UInt8? {
    guard rest.count >= digits,
      rest.prefix(digits).allSatisfy({ UInt8(String(UnicodeScalar($0)), radix: radix) != nil }),
      let value = UInt8(String(decoding: rest.prefix(digits), as: UTF8.self), radix: radix)
    else { return nil }
    rest = rest.dropFirst(digits)
    return value
  }
}
