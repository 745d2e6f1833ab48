import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// pinentry's command line, and how each window's end reaches the agent.
@Suite struct PinentryFrontEndTests {
  private func launch(_ arguments: String..., display: String? = nil) throws(OptionsError)
    -> PinentryLaunch
  {
    try PinentryCommandLine.launch(
      from: parsed(arguments, declarations: PinentryCommandLine.declarations), display: display)
  }

  /// What the agent reads after the window of `lines`' last request ends
  /// with `result`, and the event that follows.
  private func report(_ result: PromptResult, after lines: String...) -> (String, PinentryEvent) {
    var (session, _) = session(lines)
    var sink = ArraySink()
    let event = PinentryFrontEnd.report(result, to: &session, into: &sink)
    return (sink.text, event)
  }

  @Test func theCommandLineGivesTheSessionsOptions() throws {
    let launch = try launch(
      "--ttyname", "/dev/pts/3", "--ttytype=xterm", "--lc-ctype=de_DE.UTF-8",
      "--lc-messages=de_DE.UTF-8", "--parent-wid=0x2a", "--no-global-grab", "--debug",
      "--colors=red", display: ":1")
    #expect(launch.options.display == ":1")
    #expect(launch.options.ttyName == "/dev/pts/3")
    #expect(launch.options.ttyType == "xterm")
    #expect(launch.options.lcCtype == "de_DE.UTF-8")
    #expect(launch.options.lcMessages == "de_DE.UTF-8")
    #expect(launch.options.parentWindow == "0x2a")
    #expect(!launch.options.grabsKeyboard)
  }

  @Test func thereIsNoTimeoutUnlessOneIsGivenAndNoneForZero() throws {
    #expect(try launch().timeoutSeconds == nil)
    #expect(PinentryCommandLine.quickLaunch(arguments: [])?.timeoutSeconds == nil, "gpg-agent's")
    #expect(try launch("--timeout=5").timeoutSeconds == 5)
    #expect(try launch("--timeout=0").timeoutSeconds == nil)
    #expect(try launch().options.grabsKeyboard)
    #expect(throws: OptionsError.self) { try launch("--timeout=-1") }
    #expect(throws: OptionsError.unexpectedArgument("stray")) { try launch("stray") }
  }

  @Test func versionIsAnOptionThatSaysWhichProgramAndRelease() throws {
    #expect(try launch("--version").showsVersion)
    #expect(try !launch().showsVersion)
    #expect(
      PinentryCommandLine.versionLine(program: "pinentry-login-form")
        == "pinentry-login-form (login-form) \(Version.current)\n")
    #expect(
      PinentryCommandLine.versionLine(program: "pinentry")
        == "pinentry (login-form) \(Version.current)\n", "as the pinentry alternative")
  }

  @Test func helpSaysWhichOptionsAreHonouredAndWhichAreNot() throws {
    let lines = Dictionary(
      uniqueKeysWithValues: PinentryCommandLine.declarations.map { ($0.name, $0.summary) })
    for honoured in ["timeout", "lc-messages", "parent-wid", "no-global-grab", "version"] {
      #expect(lines[honoured]?.hasPrefix("Accepted") == false, "\(honoured)")
    }
    #expect(lines["timeout"]?.contains("never") == true)
    for ignored in ["ttyname", "ttytype", "lc-ctype", "colors", "debug", "no-local-grab"] {
      #expect(lines[ignored]?.hasPrefix("Accepted for pinentry compatibility") == true)
    }
  }

  @Test func theQuickPinentryReadsWhatGpgAgentPassesAsGLibWould() throws {
    #expect(PinentryCommandLine.quickLaunch(arguments: []) == (try launch()))
    #expect(
      PinentryCommandLine.quickLaunch(arguments: ["--display", ":1"])
        == (try launch(display: ":1")))
  }

  @Test(arguments: [
    ["--help"], ["--version"], ["--display=:1"], ["--timeout", "5"], ["--display", ":1", "-d"],
    ["extra"],
  ])
  func anyOtherCommandLineIsLeftToLoginForm(arguments: [String]) {
    #expect(PinentryCommandLine.quickLaunch(arguments: arguments) == nil)
  }

  @Test func theSessionSaysWhoItIs() {
    var (session, _) = session([])
    var sink = ArraySink()
    for line in ["GETINFO flavor", "GETINFO version", "GETINFO pid"] {
      _ = withBytes(line) { session.receive(line: $0, into: &sink) }
    }
    #expect(sink.text == "D login-form\nOK\nD \(Version.current)\nOK\nD 7\nOK\n")
  }

  @Test func anEnteredPINIsSentWithTheRepeatStatusWhenItWasRepeated() {
    let (once, _) = report(.submitted(.typed(password: "pw 50%")), after: "GETPIN")
    #expect(once == "D pw 50%25\nOK\n")
    let (twice, _) = report(
      .submitted(.typed(password: "pw", repeated: true)), after: "SETREPEAT Repeat:", "GETPIN")
    #expect(twice == "S PIN_REPEATED\nD pw\nOK\n")
    let (empty, _) = report(.submitted(.typed(password: "")), after: "GETPIN")
    #expect(empty == "OK\n")
  }

  @Test func aConfirmationsButtonsAreOKNotConfirmedAndCancelled() {
    #expect(report(.answered(true), after: "CONFIRM").0 == "OK\n")
    #expect(report(.answeredOther, after: "SETNOTOK No", "CONFIRM").0.hasPrefix("ERR 83886194 "))
    #expect(report(.answered(false), after: "CONFIRM").0.hasPrefix("ERR 83886179 "))
  }

  @Test func eachOtherEndIsTheAgentsError() {
    #expect(
      report(.cancelled, after: "GETPIN").0 == "ERR 83886179 Operation cancelled <Pinentry>\n")
    #expect(
      report(.closed, after: "GETPIN").0
        == "S BUTTON_INFO close\nERR 83886179 Operation cancelled <Pinentry>\n")
    #expect(report(.timedOut, after: "GETPIN").0 == "ERR 83886142 Timeout <Pinentry>\n")
    #expect(report(.keyboardUnavailable, after: "GETPIN").0.hasPrefix("ERR 83886179 "))
    #expect(report(.interrupted(signal: 15), after: "GETPIN").0.hasPrefix("ERR 83886179 "))
  }

  @Test func noLockedMemoryForThePINIsTheAgentsOutOfMemoryError() {
    #expect(
      report(.lockedMemoryUnavailable, after: "GETPIN").0
        == "ERR 83918934 Cannot allocate memory <Pinentry>\n")
  }

  @Test func aPINTheAgentCannotTakeIsACancelNeverSilence() {
    let long = String(repeating: "x", count: 256)
    let (output, event) = report(.submitted(.typed(password: long)), after: "GETPIN")
    #expect(output == "ERR 83886179 Operation cancelled <Pinentry>\n")
    guard case .none = event else {
      Issue.record("the session goes on: \(event)")
      return
    }
  }

  @Test func aSubmittedFormWithoutAPINIsACancel() {
    #expect(report(.submitted(.typed(username: "x")), after: "GETPIN").0.hasPrefix("ERR 83886179 "))
  }

  @Test func aRequestNoPresenterCanShowIsTheSystemErrorGpgAgentReports() {
    func refused(_ problem: TerminalProblem, after lines: String...) -> (String, PinentryEvent) {
      var (session, _) = session(lines)
      var sink = ArraySink()
      let event = PinentryFrontEnd.report(problem, to: &session, into: &sink)
      return (sink.text, event)
    }
    #expect(
      refused(.noneNamed, after: "GETPIN").0
        == "ERR 83918950 Inappropriate ioctl for device <Pinentry>\n")
    #expect(
      refused(.unusable("/dev/pts/9", errno: 2), after: "GETPIN").0
        == "ERR 83918929 No such file or directory <Pinentry>\n")
    #expect(
      refused(.unusable("/dev/pts/9", errno: 13), after: "CONFIRM").0
        == "ERR 83918849 Permission denied <Pinentry>\n")
    // A message too: the agent must learn it was never shown.
    let (message, event) = refused(.notATerminal("/dev/null"), after: "MESSAGE", "BYE")
    #expect(
      message == "ERR 83918950 Inappropriate ioctl for device <Pinentry>\nOK closing connection\n")
    guard case .exit = event else {
      Issue.record("the held BYE did not end the session: \(event)")
      return
    }
  }
}
