/// How credentials are written for the caller.
public enum OutputFormat: Hashable, Sendable {
  /// The username on one line and the password on the next.
  case lines
  /// One line: the username, the separator, the password. The username
  /// comes first, so a script that splits at the first separator gets a
  /// password that may itself contain the separator.
  case separated(by: String)
  /// One line of JSON: `{"username":"…","password":"…"}`.
  case json

  /// The complete output for `credentials`, ending with a newline.
  public func encode(_ credentials: Credentials) -> String {
    switch self {
    case .lines:
      credentials.username + "\n" + credentials.password + "\n"
    case .separated(let separator):
      credentials.username + separator + credentials.password + "\n"
    case .json:
      "{\"username\":\(Self.jsonString(credentials.username)),"
        + "\"password\":\(Self.jsonString(credentials.password))}\n"
    }
  }

  /// A JSON string literal for `value` (RFC 8259). Besides what JSON
  /// requires, U+2028 and U+2029 are escaped so that the line is also safe
  /// to embed in JavaScript.
  static func jsonString(_ value: String) -> String {
    var literal = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case "\u{08}": literal += "\\b"
      case "\u{0C}": literal += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
        literal += "\\u" + hex4(scalar.value)
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
