/// The environment variables the front end reads, read once when the
/// process starts, so that each decision sees the same value and the tests
/// can set any of them.
package struct LaunchEnvironment: Equatable, Sendable {
  /// `SSH_ASKPASS_PROMPT`: ssh's kind of question (`confirm`, `none`);
  /// set at all means ssh is asking.
  package var sshAskpassPrompt: String?
  /// `GIT_TERMINAL_PROMPT`: git's terminal prompts turned off or on.
  package var gitTerminalPrompt: String?
  /// `LOGIN_FORM_GRAB`: `0` leaves the keyboard ungrabbed.
  package var grab: String?
  /// `PINENTRY_USER_DATA`: free text from gpg's client; may ask for the
  /// terminal.
  package var pinentryUserData: String?
  /// `XDG_RUNTIME_DIR`: where notes between processes go.
  package var runtimeDirectory: String?

  package init(
    sshAskpassPrompt: String? = nil, gitTerminalPrompt: String? = nil, grab: String? = nil,
    pinentryUserData: String? = nil, runtimeDirectory: String? = nil
  ) {
    self.sshAskpassPrompt = sshAskpassPrompt
    self.gitTerminalPrompt = gitTerminalPrompt
    self.grab = grab
    self.pinentryUserData = pinentryUserData
    self.runtimeDirectory = runtimeDirectory
  }

  /// The values `variable` gives for each name (the process's `getenv`),
  /// nil for those that are not set.
  package init(reading variable: (String) -> String?) {
    self.init(
      sshAskpassPrompt: variable("SSH_ASKPASS_PROMPT"),
      gitTerminalPrompt: variable("GIT_TERMINAL_PROMPT"), grab: variable("LOGIN_FORM_GRAB"),
      pinentryUserData: variable("PINENTRY_USER_DATA"),
      runtimeDirectory: variable("XDG_RUNTIME_DIR"))
  }
}
