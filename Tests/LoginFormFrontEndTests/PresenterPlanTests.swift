import LoginFormFrontEnd
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// Where a prompt is shown: the window when a display opens, else the
/// terminal each mode knows, never standard input or output.
@Suite struct PresenterPlanTests {
  private let controlling = Presenter.terminal(path: "/dev/tty", locale: nil)

  @Test func aProcessTriesTheWindowThenItsControllingTerminal() {
    let plan = PresenterPlan.forProcess(forcesTerminal: false)
    #expect(plan.candidates == [.window, controlling])
    #expect(plan.terminalProblem == nil)
  }

  @Test func polkitsAgentAsksInAWindowAloneAndSaysWhereTheTerminalOneIs() {
    #expect(PresenterPlan.forPolkitAgent.candidates == [.window])
    let plan = PresenterPlan.forPolkitAgent
    let failure = plan.failure(display: "Cannot open display", terminal: nil)
    #expect(
      failure.description
        == "Cannot open display, and polkit's agent asks in a window only (pkttyagent asks on a terminal)"
    )
    #expect(failure.status == .usage)
  }

  @Test func ttyAsksOnTheTerminalAlone() {
    #expect(PresenterPlan.forProcess(forcesTerminal: true).candidates == [controlling])
  }

  @Test func gitsTerminalPromptsTurnedOffLeaveTheWindowAlone() {
    for setting in ["0", "false", "No", "OFF", ""] {
      let plan = PresenterPlan.forProcess(forcesTerminal: false, gitTerminalPrompt: setting)
      #expect(plan.candidates == [.window], "GIT_TERMINAL_PROMPT=\(setting)")
      #expect(plan.terminalProblem == .turnedOff("GIT_TERMINAL_PROMPT=" + setting))
    }
    for setting in ["1", "true", "yes"] {
      let plan = PresenterPlan.forProcess(forcesTerminal: false, gitTerminalPrompt: setting)
      #expect(plan.candidates == [.window, controlling], "GIT_TERMINAL_PROMPT=\(setting)")
    }
  }

  @Test func anAskpassCallHonoursGitsSettingOnlyForGitsPrompts() {
    let git = AskpassRequest(prompt: "Password for 'https://a@h': ", promptMode: nil)
    let ssh = AskpassRequest(prompt: "Enter passphrase for /k: ", promptMode: nil)
    #expect(
      PresenterPlan.forAskpass(git, onTerminal: false, gitTerminalPrompt: "0").candidates
        == [.window])
    #expect(
      PresenterPlan.forAskpass(ssh, onTerminal: false, gitTerminalPrompt: "0").candidates
        == [.window, controlling])
  }

  @Test func anAskpassWrapperAsksOnTheTerminalWithTty() {
    let request = AskpassRequest(prompt: "Enter PIN: ", promptMode: nil)
    #expect(
      PresenterPlan.forAskpass(request, onTerminal: true, gitTerminalPrompt: nil).candidates
        == [controlling])
  }

  @Test func aPinentryTriesTheWindowThenTheAgentsTerminalInItsCharset() {
    var options = PinentryOptions()
    options.ttyName = "/dev/pts/4"
    options.lcCtype = "de_DE.ISO-8859-1"
    let terminal = Presenter.terminal(path: "/dev/pts/4", locale: "de_DE.ISO-8859-1")
    #expect(
      PresenterPlan.forPinentry(options, opensWindows: true).candidates == [.window, terminal])
    #expect(PresenterPlan.forPinentry(options, opensWindows: false).candidates == [terminal])
  }

  @Test func aPinentryWithNeitherSaysTheAgentNamedNoTerminal() {
    for name in [nil, ""] as [String?] {
      var options = PinentryOptions()
      options.ttyName = name
      let plan = PresenterPlan.forPinentry(options, opensWindows: false)
      #expect(plan.candidates.isEmpty)
      #expect(plan.terminalProblem == .noneNamed)
      #expect(PresenterPlan.forPinentry(options, opensWindows: true).candidates == [.window])
    }
  }

  @Test func pinentryUserDataAsksForTheTerminalByAWordOfItsOwn() {
    for value in ["tty", "TTY", "curses", "USE_CURSES=1", "use_tty=1", "foo,tty", "a; tty b"] {
      #expect(!PresenterPlan.pinentryOpensDisplay(pinentryUserData: value), "\(value)")
    }
    for value in [nil, "", "pretty", "ttyname=x", "USE_CURSES=0"] as [String?] {
      #expect(PresenterPlan.pinentryOpensDisplay(pinentryUserData: value), "\(value ?? "nil")")
    }
  }

  @Test func whenNothingCanAskOneLineSaysWhyForBoth() {
    let plan = PresenterPlan.forProcess(forcesTerminal: false)
    let failure = plan.failure(
      display: "Cannot open display: DISPLAY is not set", terminal: .noControllingTerminal)
    #expect(failure.status == .usage)
    #expect(
      failure.description
        == "Cannot open display: DISPLAY is not set, and the process has no controlling terminal")
    let forced = PresenterPlan.forProcess(forcesTerminal: true)
    #expect(
      forced.failure(display: nil, terminal: .notATerminal("/dev/null")).description
        == "Cannot ask on a terminal: /dev/null is not a terminal")
    let off = PresenterPlan.forProcess(forcesTerminal: false, gitTerminalPrompt: "0")
    #expect(
      off.failure(display: "Cannot open display: DISPLAY is not set", terminal: nil).description
        == "Cannot open display: DISPLAY is not set, and terminal prompts are turned off "
        + "(GIT_TERMINAL_PROMPT=0)")
  }

  @Test func eachTerminalProblemReadsAsOneLineAndHasAnErrorNumber() {
    let problems: [(TerminalProblem, String, Int32)] = [
      (.noneNamed, "no terminal was named (set GPG_TTY to the output of tty)", 25),
      (.noControllingTerminal, "the process has no controlling terminal", 25),
      (
        .turnedOff("GIT_TERMINAL_PROMPT=0"),
        "terminal prompts are turned off (GIT_TERMINAL_PROMPT=0)", 25
      ),
      (.notATerminal("/tmp/f"), "/tmp/f is not a terminal", 25),
      (
        .unusable("/dev/pts/9", errno: 2),
        "cannot use the terminal /dev/pts/9: No such file or directory", 2
      ),
    ]
    for (problem, text, number) in problems {
      #expect(problem.description == text)
      #expect(problem.errorNumber == number)
    }
  }
}
