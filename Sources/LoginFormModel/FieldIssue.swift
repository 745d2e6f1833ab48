/// Something that keeps a field's value from being accepted.
///
/// Issues are structured so that the display layer can word and translate
/// them; the model never formats text.
public enum FieldIssue: Hashable, Sendable {
  /// The value has fewer characters than `minimum`; `missing` more are needed
  /// (`missing == minimum` when the value is empty).
  case tooShort(minimum: Int, missing: Int)
  /// The value has more characters than `maximum`.
  case tooLong(maximum: Int)
  /// The value's UTF-8 encoding is longer than `maximum` bytes (GnuPG takes
  /// at most 255); `actual` is its length. Never cut silently.
  case tooManyBytes(maximum: Int, actual: Int)
  /// The value holds a control character (C0, DEL, C1) or a Unicode line or
  /// paragraph separator, any of which could break a line-based output.
  case controlCharacter
  /// The username holds a character a person cannot see (a zero-width space,
  /// a byte-order mark, a filler) or one that reorders text (a bidirectional
  /// control), so two names that look the same could differ.
  case invisibleCharacter
  /// The username contains `separator`, the text that joins it to the
  /// password in one-line output.
  case containsSeparator(String)
  /// The username ends with `suffix`, the start of `separator`, so the first
  /// separator in the line would begin inside the username.
  case endsWithSeparatorStart(separator: String, suffix: String)
  /// The value does not match the caller's pattern as a whole; `hint` is the
  /// caller's description of what is expected, if one was given.
  case patternMismatch(hint: String?)
  /// Whether the value matches the caller's pattern could not be decided
  /// within the matcher's bounds. Refused, never passed silently.
  case patternTooComplex
  /// The repeated password differs from the password.
  case doesNotMatch

  /// How useful the issue is to the person typing, most useful first: what
  /// they must remove comes before what they must add.
  var rank: Int {
    switch self {
    case .controlCharacter: 0
    case .invisibleCharacter: 1
    case .containsSeparator: 2
    case .endsWithSeparatorStart: 3
    case .tooLong: 4
    case .tooManyBytes: 5
    case .tooShort: 6
    case .patternMismatch: 7
    case .patternTooComplex: 8
    case .doesNotMatch: 9
    }
  }
}
