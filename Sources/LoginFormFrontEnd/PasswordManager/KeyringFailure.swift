import LoginFormPrompt

/// Why the password manager was not used: said as one line on standard
/// error, after which the prompt asks as if there were none.
package enum KeyringFailure: Error, Hashable, Sendable {
  /// The Secret Service's bus name belongs to another user: the bus may be
  /// one a sandboxed client chose (gpg-agent passes on its client's).
  case foreignOwner(userID: Int)
  /// No answer within the time allowed.
  case noAnswer(seconds: Int)
  /// It answered with an error; the payload is its message, one safe line.
  case failed(ServiceMessage)
  /// The item found holds a secret that is not text to hand on; the
  /// password manager itself is fine.
  case unusableSecret(UnusableSecret)
  /// The locked-memory limit (in bytes) leaves libsecret's pool no room:
  /// its copies of secrets would be in memory that can be swapped out.
  case tooLittleLockedMemory(limit: Int, needed: Int)
  /// The service offers only a `plain` session: secrets would cross the
  /// bus, and sit in GDBus's ordinary buffers, unencrypted.
  case plainSession

  /// Why, as the end of a sentence.
  package var reason: String {
    switch self {
    case .foreignOwner(let userID):
      // TRANSLATORS: a reason after "The password manager is not used:"; %d is a user id.
      formatted(localized("it belongs to another user (uid %d)"), userID)
    case .noAnswer(let seconds):
      formatted(
        localizedPlural("no answer within %d second", "no answer within %d seconds", seconds),
        seconds)
    case .failed(let message): message.line
    case .unusableSecret(let why): why.reason
    case .tooLittleLockedMemory(let limit, let needed):
      formatted(
        // TRANSLATORS: "ulimit -l" is a command, never translated.
        localized("the locked-memory limit (ulimit -l) is %d KiB, and it needs %d KiB"),
        limit / 1024, needed / 1024)
    case .plainSession: localized("it offers no encrypted session")
    }
  }
}
