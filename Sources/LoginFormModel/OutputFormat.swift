/// How the ordinary mode writes what the form collected.
///
/// Encoders write into a `ByteSink`, byte by byte, so that the password goes
/// straight from the locked buffer it is read from into the locked buffer
/// that is written out, and no `String` of it is ever made.
public enum OutputFormat: Hashable, Sendable {
  /// Each value on a line of its own: the username, then the password.
  case lines
  /// One line: the username, the separator, the password. The username may
  /// not contain the separator nor end with its start, so the first
  /// separator in the line always ends the username.
  case separated(by: String)
  /// One line of JSON: `{"username":"…","password":"…"}`, with only the
  /// fields the form has.
  case json

  /// Writes the complete output, ending with a newline, for a form with
  /// `username` (nil when the form has none) and the secret `password` (nil
  /// likewise).
  public func encode(
    username: Substring?, password: UnsafeBufferPointer<UInt8>?, into sink: inout some ByteSink
  ) {
    switch self {
    case .lines:
      // Appended in two steps: `password + [0x0A]` would be an array, a copy.
      if let username {
        sink.append(contentsOf: username.utf8)
        sink.append(0x0A)
      }
      if let password {
        sink.append(contentsOf: password)
        sink.append(0x0A)
      }
    case .separated(let separator):
      precondition(username != nil && password != nil, "a separator joins two values")
      if let username { sink.append(contentsOf: username.utf8) }
      sink.append(contentsOf: separator.utf8)
      if let password { sink.append(contentsOf: password) }
      sink.append(0x0A)
    case .json:
      sink.append(UInt8(ascii: "{"))
      if let username {
        Self.appendJSON(key: "username", username.unicodeScalars, into: &sink)
      }
      if let password {
        if username != nil { sink.append(UInt8(ascii: ",")) }
        Self.appendJSON(key: "password", UTF8Scalars(password), into: &sink)
      }
      sink.append(contentsOf: "}\n".utf8)
    }
  }

  private static func appendJSON(
    key: String, _ value: some Sequence<Unicode.Scalar>, into sink: inout some ByteSink
  ) {
    appendJSONString(key.unicodeScalars, into: &sink)
    sink.append(UInt8(ascii: ":"))
    appendJSONString(value, into: &sink)
  }

  /// A JSON string literal (RFC 8259). Besides what JSON requires, U+2028
  /// and U+2029 are escaped so that the line is also safe to embed in
  /// JavaScript.
  static func appendJSONString(
    _ scalars: some Sequence<Unicode.Scalar>, into sink: inout some ByteSink
  ) {
    sink.append(UInt8(ascii: "\""))
    for scalar in scalars {
      switch scalar {
      case "\"": sink.append(contentsOf: #"\""#.utf8)
      case "\\": sink.append(contentsOf: #"\\"#.utf8)
      case "\n": sink.append(contentsOf: #"\n"#.utf8)
      case "\r": sink.append(contentsOf: #"\r"#.utf8)
      case "\t": sink.append(contentsOf: #"\t"#.utf8)
      case "\u{08}": sink.append(contentsOf: #"\b"#.utf8)
      case "\u{0C}": sink.append(contentsOf: #"\f"#.utf8)
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        sink.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
          sink.append(hexDigits[Int((scalar.value >> UInt32(shift)) & 0xF)])
        }
      default: sink.append(scalar)
      }
    }
    sink.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
