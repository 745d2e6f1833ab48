/// Something that keeps a field's value from being accepted.
///
/// Issues are structured so that the display layer can word and translate
/// them; the model never formats text.
public enum FieldIssue: Hashable, Sendable {
  /// The value has fewer characters than `minimum`; `missing` more are needed.
  case tooShort(minimum: Int, missing: Int)
  /// The value has more characters than `maximum`.
  case tooLong(maximum: Int)
  /// The value holds a control character (C0, DEL, C1) or a Unicode line or
  /// paragraph separator, any of which could break a line-based output.
  case controlCharacter
  /// The value contains `separator`, the text that joins the username and
  /// the password in one-line output; a script splitting at its first
  /// occurrence would cut in the wrong place.
  case containsSeparator(String)
  /// The value does not match the caller's pattern as a whole; `hint` is the
  /// caller's description of what is expected, if one was given.
  case patternMismatch(hint: String?)
}
