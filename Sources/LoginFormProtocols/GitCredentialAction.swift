/// What git asks a credential helper to do: the last argument of
/// `git credential-NAME ACTION`.
package enum GitCredentialAction: String, Hashable, Sendable, CaseIterable {
  /// Find a credential: the only action that opens a window.
  case get
  /// Remember a credential that worked. The input holds the password.
  case store
  /// Forget a credential that failed. The input holds the password.
  case erase

  /// The action named by `argument`, exactly as git spells it.
  package init(argument: String) throws(GitCredentialError) {
    guard let action = Self(rawValue: argument) else { throw .unknownAction(argument) }
    self = action
  }

  /// Whether the action asks the person anything. `store` and `erase` have
  /// nothing to do for a prompt that keeps nothing: the caller reads their
  /// input to the end without parsing it (it carries the password) and
  /// exits 0 without output, as git ignores it.
  package var opensWindow: Bool { self == .get }
}
