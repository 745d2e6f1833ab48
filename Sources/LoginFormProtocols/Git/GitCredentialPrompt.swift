import LoginFormModel

/// What the window shows for git's `get`: a username and a password for
/// one URL.
package struct GitCredentialPrompt: Hashable, Sendable {
  /// The URL the credentials are for, `https://host/path`, built from the
  /// request as git describes it (without the username, which is
  /// prefilled).
  package let url: String
  /// The username to prefill, if git knows it.
  package let username: String?

  /// Both fields: git reads both from the helper.
  package var shape: FormShape { .usernameAndPassword }

}
