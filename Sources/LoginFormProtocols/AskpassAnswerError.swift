/// Why an askpass answer could not be printed as one line.
public enum AskpassAnswerError: Error, Hashable, Sendable {
  /// The secret holds CR, LF or NUL, so the caller would read only a part.
  case lineBreakInSecret
  /// The username holds CR, LF or NUL.
  case lineBreakInUsername
}
