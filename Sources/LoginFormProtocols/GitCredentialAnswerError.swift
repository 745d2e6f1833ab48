/// Why a credential could not be printed for git.
public enum GitCredentialAnswerError: Error, Hashable, Sendable {
  /// The username holds CR, LF or NUL.
  case lineBreakInUsername
  /// The password holds CR, LF or NUL.
  case lineBreakInPassword
}
