/// Which protocol the process speaks, chosen by how it was called.
enum Mode: Equatable {
  /// The options of `login-form --help`.
  case ordinary
  /// `login-form PROMPT`: one argument, no options, as ssh, sudo and git
  /// call an askpass program.
  case askpass(prompt: String)
  /// `git-credential-login-form ACTION` or `login-form --git-credential ACTION`;
  /// the payload is what follows.
  case gitCredential([String])
  /// `pinentry-login-form [OPTIONS]` or `login-form --pinentry [OPTIONS]`,
  /// as gpg-agent starts a pinentry; the payload is the options, with the
  /// program name first.
  case pinentry([String])

  init(arguments: [String]) {
    let program = arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
    let rest = Array(arguments.dropFirst())
    if program.hasPrefix("pinentry") {
      self = .pinentry([program] + rest)
    } else if program.hasPrefix("git-credential-") {
      self = .gitCredential(rest)
    } else if rest.first == "--pinentry" {
      self = .pinentry([program] + rest.dropFirst())
    } else if rest.first == "--git-credential" {
      self = .gitCredential(Array(rest.dropFirst()))
    } else if rest.count == 1, let prompt = rest.first, !prompt.hasPrefix("-") {
      self = .askpass(prompt: prompt)
    } else {
      self = .ordinary
    }
  }
}
