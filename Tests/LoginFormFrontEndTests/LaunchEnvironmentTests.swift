import LoginFormFrontEnd
import Testing

/// The environment as the front end reads it: once, each variable into its
/// own field.
@Suite struct LaunchEnvironmentTests {
  @Test func eachVariableFillsItsOwnFieldAndAnUnsetOneIsNil() {
    let variables = [
      "SSH_ASKPASS_PROMPT": "confirm", "GIT_TERMINAL_PROMPT": "0", "LOGIN_FORM_GRAB": "1",
      "PINENTRY_USER_DATA": "tty", "XDG_RUNTIME_DIR": "/run/user/1000",
    ]
    #expect(
      LaunchEnvironment { variables[$0] }
        == LaunchEnvironment(
          sshAskpassPrompt: "confirm", gitTerminalPrompt: "0", grab: "1", pinentryUserData: "tty",
          runtimeDirectory: "/run/user/1000"))
    #expect(LaunchEnvironment { _ in nil } == LaunchEnvironment())
  }
}
