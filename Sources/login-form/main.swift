// The executable: picks the mode from how it was called, asks the front-end
// core what to show, has GTK show it, and writes what the core answers. The
// decisions are the core's (LoginFormFrontEnd); what is here is the process:
// its arguments, environment, standard streams, display and exit.
import CGtk
import LoginFormFrontEnd
import LoginFormGtk
import LoginFormLockedMemory
import LoginFormPrompt
import LoginFormProtocols

lf_harden_process()
let outputWasClosed = lf_occupy_closed_standard_descriptors() & (1 << 1) != 0
Localization.setUp()
DisplayConnection.prepareEnvironment()
// One name whatever link started the binary: it is the X11 window class, the
// AT-SPI application name and the prefix of every message.
g_set_prgname("login-form")

/// The value of an environment variable, if set.
func environment(_ name: String) -> String? {
  g_getenv(name).map { String(cString: $0) }
}

/// Parses `arguments` (the process's own when nil, as raw bytes) against
/// `declarations` with GLib (and GTK's own options), or ends the process
/// with status 2.
func parseCommandLine(
  _ declarations: [OptionDeclaration], summary: String, description: String? = nil,
  arguments: [String]? = nil
) -> (ParsedOptions, displayName: String?) {
  let options = declarations.map { ($0.name, $0.placeholder, $0.summary) }
  let domain = Localization.domain
  let values: CommandLineParser.Values
  do {
    if let arguments {
      values = try CommandLineParser.parse(
        arguments: arguments, options: options, summary: summary, description: description,
        translationDomain: domain)
    } else {
      values = try CommandLineParser.parse(
        argv: CommandLine.unsafeArgv, options: options, summary: summary,
        description: description, translationDomain: domain)
    }
  } catch {
    Standard.fail(.options(.parse(error.message)))
  }
  let parsed = ParsedOptions(
    texts: values.texts, flags: values.flags, positional: values.positional)
  return (parsed, values.displayName)
}

/// Which program started this one, for the window's "Asked by" line.
func requester() -> String? {
  Requester.describe(processID: Int(getppid()), userID: Int(getuid()), processes: ProcFileSystem())
}

/// Locked memory must be there before anything secret can be typed.
func requireLockedMemory() {
  if !LockedRegion.canLock() { Standard.fail(.cannotLockMemory) }
}

/// Opens the display, or ends the process with status 2 and one line.
@MainActor func openDisplay() {
  do {
    try DisplayConnection.open(lostStatus: ExitStatus.displayLost.rawValue)
  } catch {
    Standard.fail(.noDisplay(error.description))
  }
}

/// Shows `prompt` and returns what the core makes of its end.
@MainActor func ask(_ prompt: Prompt, answer: (PromptResult) -> Answer) -> Answer {
  if prompt.asksForSecret { requireLockedMemory() }
  openDisplay()
  return answer(PromptRunner.run(prompt))
}

/// Runs the mode the arguments name; returns the answer for the one-shot
/// modes (the pinentry mode serves until it exits).
@MainActor func run() -> Answer {
  let grabSetting = environment("LOGIN_FORM_GRAB")
  switch Mode(arguments: CommandLine.arguments) {
  case .ordinary:
    let (parsed, _) = parseCommandLine(
      OrdinaryOptionTable.declarations, summary: OrdinaryOptionTable.summary,
      description: OrdinaryOptionTable.description)
    let checks = OptionChecks(
      compilePattern: { BoundedPattern.compile($0, hint: $1).mapError { .init($0.reason) } },
      markupProblem: { ResourceChecks.markupProblem($0).map(OptionChecks.Problem.init) },
      iconProblem: { ResourceChecks.iconProblem($0).map(OptionChecks.Problem.init) })
    let request: OrdinaryRequest
    do {
      request = try OrdinaryOptions.request(from: parsed, checks: checks)
    } catch {
      Standard.fail(.options(error))
    }
    if request.showsVersion {
      Standard.print("login-form \(Version.current)\n")
      Standard.exit(.submitted)
    }
    // Fail before the user types anything that could not be delivered.
    if outputWasClosed { Standard.fail(.outputClosed) }
    if request.form.shape.contains(.password) { requireLockedMemory() }
    openDisplay()
    DisplayConnection.warnAboutX11Options(request.form.options, grabWasAsked: request.asksForGrab)
    return OrdinaryFrontEnd.answer(
      to: PromptRunner.run(.form(request.form)), format: request.output)
  case .askpass(let prompt):
    let request = AskpassRequest(prompt: prompt, promptMode: environment("SSH_ASKPASS_PROMPT"))
    let prompt = AskpassFrontEnd.prompt(
      for: request, grabSetting: grabSetting, requester: requester())
    return ask(prompt) {
      AskpassFrontEnd.answer(to: $0, for: request)
    }
  case .gitCredential(let arguments):
    let action: GitCredentialAction
    do {
      action = try GitCredentialFrontEnd.action(arguments: arguments)
    } catch {
      Standard.fail(error)
    }
    guard action.opensWindow else {
      // Read to the end and forget, so git never writes into a closed pipe.
      Standard.drainInput()
      Standard.exit(.submitted)
    }
    requireLockedMemory()
    let input = Standard.readInput(capacity: GitCredentialFrontEnd.maximumRequestBytes)
    let parsed = input.withUTF8 { bytes in
      Result { () throws(GitCredentialError) in try GitCredentialRequest(parsing: bytes) }
    }
    input.removeAll()
    let request: GitCredentialRequest
    switch parsed {
    case .success(let parsed): request = parsed
    case .failure(let error): Standard.fail(.git(error))
    }
    let form = GitCredentialFrontEnd.prompt(
      for: request, grabSetting: grabSetting, requester: requester())
    return ask(.form(form)) {
      GitCredentialFrontEnd.answer(to: $0)
    }
  case .pinentry(let arguments):
    // --help names the program as it was called (pinentry-login-form, or
    // pinentry as the alternative). Only then: GTK takes the window class
    // from the name while it parses, and it must stay login-form's.
    let helpOptions: Set = ["-h", "-?", "--help", "--help-all", "--help-gtk"]
    if arguments.contains(where: helpOptions.contains) { g_set_prgname(arguments[0]) }
    let (parsed, display) = parseCommandLine(
      PinentryCommandLine.declarations, summary: PinentryCommandLine.summary,
      arguments: arguments)
    let launch: PinentryLaunch
    do {
      launch = try PinentryCommandLine.launch(from: parsed, display: display)
    } catch {
      Standard.fail(.options(error))
    }
    if launch.showsVersion {
      Standard.print(PinentryCommandLine.versionLine(program: arguments[0]))
      Standard.exit(.submitted)
    }
    requireLockedMemory()
    openDisplay()
    let session = PinentryFrontEnd.session(
      processID: Int(getpid()), userID: Int(geteuid()), groupID: Int(getegid()), launch: launch)
    guard let server = PinentryServer(session: session, grabSetting: grabSetting) else {
      Standard.fail(.noLockedMemoryLeft(for: .protocolStream))
    }
    server.serve()
  }
}

// The answer's secrets go, wiped, when `deliver` returns: before the exit,
// which runs no deinitialisers.
let status = MainActor.assumeIsolated { Standard.deliver(run()) }
Standard.exit(status)
