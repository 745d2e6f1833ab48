/// gpg-agent's verdict on a new passphrase (`INQUIRE CHECKPIN`).
package enum PinentryPINCheck: Hashable, Sendable {
  /// It satisfies the agent's constraints.
  case accepted
  /// It does not; the agent's own words say why, lines separated by
  /// newlines ("Warning: You have entered an insecure passphrase.\n\nA
  /// passphrase should be at least 12 characters long.").
  case refused(String)
  /// The agent gave no verdict (it cancelled the inquiry or failed): it
  /// will judge the passphrase itself once it is submitted.
  case unavailable
}
