import LoginFormFrontEnd
import Testing

/// How the way the program was called picks the protocol it speaks.
@Suite struct ModeTests {
  @Test func noArgumentsOrOptionsAreTheOrdinaryMode() {
    #expect(Mode(arguments: ["login-form"]) == .ordinary)
    #expect(Mode(arguments: ["/usr/bin/login-form", "--title=x"]) == .ordinary)
    #expect(Mode(arguments: ["login-form", "--password-only"]) == .ordinary)
    #expect(Mode(arguments: ["login-form", "--title", "x"]) == .ordinary)
  }

  @Test func oneArgumentThatIsNoOptionIsAnAskpassPrompt() {
    #expect(
      Mode(arguments: ["/usr/bin/login-form", "Enter passphrase for /k: "])
        == .askpass(prompt: "Enter passphrase for /k: "))
    #expect(Mode(arguments: ["login-form", ""]) == .askpass(prompt: ""))
  }

  @Test func aPromptThatLooksLikeAnOptionIsAPromptWhenSshSaysItIsAsking() {
    #expect(Mode(arguments: ["login-form", "--password-only"]) == .ordinary)
    #expect(
      Mode(arguments: ["login-form", "--password-only"], askpassPromptMode: "confirm")
        == .askpass(prompt: "--password-only"))
    #expect(
      Mode(arguments: ["login-form", "-x"], askpassPromptMode: "") == .askpass(prompt: "-x"),
      "set, even empty")
    #expect(Mode(arguments: ["/usr/bin/ssh-askpass", "--x"]) == .askpass(prompt: "--x"))
    #expect(
      Mode(arguments: ["login-form", "--title", "x"], askpassPromptMode: "confirm") == .ordinary,
      "two arguments are never a prompt")
  }

  @Test func theSystemdAgentIsThatOneOptionAlone() {
    #expect(Mode(arguments: ["login-form", "--systemd-agent"]) == .systemdAgent)
    #expect(
      Mode(arguments: ["login-form", "--systemd-agent"], askpassPromptMode: "") == .systemdAgent)
    #expect(Mode(arguments: ["login-form", "--systemd-agent", "--title=x"]) == .ordinary)
    #expect(Mode.systemdAgent.isDropIn, "hardened as the drop-in modes are")
  }

  @Test func thePolkitAgentTakesWhatFollowsItsOptionForItself() {
    #expect(Mode(arguments: ["login-form", "--polkit-agent"]) == .polkitAgent([]))
    #expect(
      Mode(arguments: ["/usr/bin/login-form", "--polkit-agent", "--process=42"])
        == .polkitAgent(["--process=42"]))
    #expect(Mode(arguments: ["login-form", "--title=x", "--polkit-agent"]) == .ordinary)
    #expect(Mode.polkitAgent([]).isDropIn, "hardened as the drop-in modes are")
  }

  @Test func everyModeButTheOrdinaryOneIsADropIn() {
    #expect(!Mode.ordinary.isDropIn)
    #expect(Mode.askpass(prompt: "x").isDropIn)
    #expect(Mode.gitCredential(["get"]).isDropIn)
    #expect(Mode.pinentry(["pinentry"]).isDropIn)
  }

  @Test func theSshAskpassNameAlwaysAsksWithItsWordsJoined() {
    #expect(Mode(arguments: ["/usr/bin/ssh-askpass"]) == .askpass(prompt: ""))
    #expect(Mode(arguments: ["ssh-askpass", "Host", "key?"]) == .askpass(prompt: "Host key?"))
    #expect(Mode(arguments: ["ssh-askpass", "--title=x"]) == .askpass(prompt: "--title=x"))
  }

  @Test func gitsHelperNamesAndActionsAreTheCredentialHelper() {
    #expect(Mode(arguments: ["git-credential-login-form", "get"]) == .gitCredential(["get"]))
    #expect(
      Mode(arguments: ["login-form", "--git-credential", "store"]) == .gitCredential(["store"]))
    for action in ["get", "store", "erase"] {
      #expect(Mode(arguments: ["/usr/bin/login-form", action]) == .gitCredential([action]))
    }
    #expect(Mode(arguments: ["git-credential-login-form"]) == .gitCredential([]))
  }

  @Test func ttyBeforeAPromptAsksOnTheTerminalAndBeforeAnOptionIsTheOrdinaryMode() {
    #expect(
      Mode(arguments: ["login-form", "--tty", "Enter PIN: "])
        == .askpass(prompt: "Enter PIN: ", onTerminal: true))
    #expect(
      Mode(arguments: ["login-form", "Enter PIN: "])
        == .askpass(prompt: "Enter PIN: ", onTerminal: false))
    #expect(Mode(arguments: ["login-form", "--tty", "--json"]) == .ordinary)
    // ssh-askpass's words are all the prompt, --tty included.
    #expect(
      Mode(arguments: ["ssh-askpass", "--tty", "x"])
        == .askpass(prompt: "--tty x", onTerminal: false))
  }

  @Test func pinentryNamesAndTheOptionAreThePinentryMode() {
    #expect(
      Mode(arguments: ["/usr/bin/pinentry-login-form", "--display", ":0"])
        == .pinentry(["pinentry-login-form", "--display", ":0"]))
    #expect(Mode(arguments: ["/usr/bin/pinentry"]) == .pinentry(["pinentry"]))
    #expect(
      Mode(arguments: ["login-form", "--pinentry", "--no-global-grab"])
        == .pinentry(["login-form", "--no-global-grab"]))
  }
}
