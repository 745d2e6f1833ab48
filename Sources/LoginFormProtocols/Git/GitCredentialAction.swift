/// What git asks a credential helper to do: the last argument of
/// `git credential-NAME ACTION`.
package enum GitCredentialAction: String, Hashable, Sendable, CaseIterable {
  /// Find a credential: the only action that opens a window.
  case get
  /// Remember a credential that worked (in the password manager, if the
  /// user chose to). The input holds the password; nothing is printed.
  case store
  /// Forget a credential that failed. The input holds the password;
  /// nothing is printed.
  case erase

  /// The action named by `argument`, exactly as git spells it.
  package init(argument: String) throws(GitCredentialError) {
    guard let action = Self(rawValue: argument) else { throw .unknownAction(argument) }
    self = action
  }
}
