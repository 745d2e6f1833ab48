/// gpg-agent's passphrase rules for a new passphrase, as its `OPTION
/// constraints-*` lines describe them (gnupg 2.2.40,
/// agent/call-pinentry.c `setup_enforced_constraints`). The agent refuses a
/// passphrase that breaks them; whether one does is asked of the agent
/// itself with `INQUIRE CHECKPIN` (`PinentrySession.requestPINCheck`).
package struct PinentryConstraints: Hashable, Sendable {
  /// `constraints-hint-short=`: the rules in a few words ("At least 12
  /// characters, 2 of them digits or punctuation"), if the agent's
  /// administrator wrote them (help.txt's `pinentry.constraints.hint.short`).
  package var shortHint: String?
  /// `constraints-hint-long=`: the rules at length, if written.
  package var longHint: String?
  /// `constraints-error-title=`: the heading of a refusal ("Passphrase Not
  /// Allowed").
  package var errorTitle: String?

  package init(shortHint: String? = nil, longHint: String? = nil, errorTitle: String? = nil) {
    self.shortHint = shortHint
    self.longHint = longHint
    self.errorTitle = errorTitle
  }
}
