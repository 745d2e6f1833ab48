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

  /// Why, as the end of a sentence.
  package var reason: String {
    switch self {
    case .foreignOwner(let userID):
      formatted(localized("it belongs to another user (uid %d)"), userID)
    case .noAnswer(let seconds):
      formatted(
        localizedPlural("no answer within %d second", "no answer within %d seconds", seconds),
        seconds)
    case .failed(let message): message.line
    case .unusableSecret(let why): why.reason
    }
  }
}
