/// Which protocol the process speaks, chosen by how it was called.
package enum Mode: Equatable {
  /// The options of `login-form --help`.
  case ordinary
  /// `login-form PROMPT`: one argument, no options, as ssh, sudo and git
  /// call an askpass program; or any call under a name ending in
  /// `askpass` (the ssh-askpass alternative). A prompt that starts with `-`
  /// reads as an option, unless ssh says it is asking
  /// (`SSH_ASKPASS_PROMPT` is set) or the name is an askpass name.
  /// `onTerminal` for `login-form --tty PROMPT`, a wrapper's way to ask on
  /// the terminal alone (ssh and sudo pass no options).
  case askpass(prompt: String, onTerminal: Bool = false)
  /// `git-credential-login-form ACTION`, `login-form --git-credential
  /// ACTION`, or `login-form get|store|erase` (an absolute helper path);
  /// the payload is what follows.
  case gitCredential([String])
  /// `pinentry-login-form [OPTIONS]` or `login-form --pinentry [OPTIONS]`,
  /// as gpg-agent starts a pinentry; the payload is the options, with the
  /// program name first.
  case pinentry([String])
  /// `login-form --systemd-agent`: systemd's password agent, answering the
  /// ask files of systemd-cryptsetup, systemd-ask-password and the like
  /// until it is stopped.
  case systemdAgent
  /// `login-form --polkit-agent [--process=PID]`: polkit's authentication
  /// agent, for the login session or for one process, until it is stopped;
  /// the payload is what follows `--polkit-agent`.
  case polkitAgent([String])

  /// Whether the mode is one a client program starts (askpass, git's
  /// helper, pinentry), in an environment the user did not set up for it.
  package var isDropIn: Bool { self != .ordinary }

  /// The mode of a process started with `arguments` (the program name
  /// first); `askpassPromptMode` is `SSH_ASKPASS_PROMPT`, if set.
  package init(arguments: [String], askpassPromptMode: String? = nil) {
    let program = arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
    let rest = Array(arguments.dropFirst())
    if program.hasPrefix("pinentry") {
      self = .pinentry([program] + rest)
    } else if program.hasPrefix("git-credential-") {
      self = .gitCredential(rest)
    } else if rest.first == "--pinentry" {
      self = .pinentry([program] + rest.dropFirst())
    } else if rest == ["--systemd-agent"] {
      self = .systemdAgent
    } else if rest.first == "--polkit-agent" {
      self = .polkitAgent(Array(rest.dropFirst()))
    } else if rest.first == "--git-credential" {
      self = .gitCredential(Array(rest.dropFirst()))
    } else if rest.count == 1, let action = rest.first, ["get", "store", "erase"].contains(action) {
      // credential.helper=/usr/bin/login-form runs "login-form get": git's
      // actions are never a prompt worth showing.
      self = .gitCredential(rest)
    } else if program.hasSuffix("askpass") {
      // As the ssh-askpass alternative: always an askpass program, whose
      // prompt, like gnome-ssh-askpass's, is the words it was given.
      self = .askpass(prompt: rest.joined(separator: " "))
    } else if rest.count == 1, let prompt = rest.first,
      !prompt.hasPrefix("-") || askpassPromptMode != nil
    {
      self = .askpass(prompt: prompt)
    } else if rest.count == 2, rest[0] == "--tty", !rest[1].hasPrefix("-") {
      // A wrapper's `login-form --tty "$@"`.
      self = .askpass(prompt: rest[1], onTerminal: true)
    } else {
      self = .ordinary
    }
  }
}
