// The executable: picks the mode from how it was called, asks the front-end
// core what to show and where (a window, else the terminal), has it shown,
// and writes what the core answers. The decisions are the core's
// (LoginFormFrontEnd); what is here is the process: its arguments,
// environment, standard streams, display, terminal and exit.
import CGtk
import CProcess
import LoginFormFrontEnd
import LoginFormGtk
import LoginFormKeyring
import LoginFormLockedMemory
import LoginFormProcess
import LoginFormPrompt
import LoginFormProtocols
import LoginFormStreams

// Hardened before any library loaded (CProcess's .preinit_array).
let outputWasClosed = lf_occupy_closed_standard_descriptors() & (1 << 1) != 0
Localization.setUp()
// Whoever attached while the libraries loaded is still attached, or left
// the process dumpable if they undid the hardening: either way, nothing
// secret is asked, read from the password manager or answered.
if let exposure = MemoryExposure(
  dumpable: lf_is_dumpable(), tracer: ProcFileSystem().tracer(of: Int(getpid())))
{
  Standard.fail(.memoryExposed(exposure))
}
// Read once, before anything changes it: every decision sees one value.
let environment = LaunchEnvironment { g_getenv($0).map { String(cString: $0) } }
let mode = Mode(arguments: CommandLine.arguments, askpassPromptMode: environment.sshAskpassPrompt)
Diagnostics.showsDebugLines = environment.isDebugging
for warning in environment.windowParentWarnings { Diagnostics.warn(warning) }
// A token lets one window take the keyboard: kept for it, and kept from
// anything this process starts.
WindowActivation.launch(token: environment.activation, startupID: environment.startupID)
for name in LaunchEnvironment.activationVariables { g_unsetenv(name) }
DisplayConnection.prepareEnvironment()
DebuggingHooks.close(isDropIn: mode.isDropIn)
// One name whatever link started the binary: it is the X11 window class, the
// AT-SPI application name and the prefix of every message.
g_set_prgname("login-form")

/// Which program started this one, for the window's "Asked by" line.
func requester() -> String? {
  Requester.describe(processID: Int(getppid()), userID: Int(getuid()), processes: ProcFileSystem())
}

/// Locked memory must be there, as much as the mode will use at once,
/// before anything secret can be typed or read.
func requireLockedMemory(bytes: Int = 4096) {
  if !LockedRegion.canLock(bytes) { Standard.fail(.cannotLockMemory) }
}

/// Shows what `plan` asks, if anything, and returns its answer.
@MainActor func carryOut(_ plan: RequestPlan) -> Answer {
  switch plan {
  case .answered(let answer):
    return answer
  case .ask(let pending):
    if pending.prompt.asksForSecret { requireLockedMemory() }
    return pending.finish(PromptShowing.show(pending.prompt, plan: pending.presenters))
  }
}

/// The password manager, notes and key files for the askpass and git
/// plans; after the quick program handed over, its password manager's
/// answers come first.
@MainActor func keyringAccess(replaying handOff: HandOff? = nil) -> ProcessKeyringAccess {
  ProcessKeyringAccess(
    runtimeDirectory: environment.runtimeDirectory, replaying: handOff, warn: Diagnostics.warn)
}

/// Runs the mode the arguments name; returns the answer for the one-shot
/// modes (the pinentry mode serves until it exits).
@MainActor func run() -> Answer {
  switch mode {
  case .ordinary:
    let (parsed, _) = CommandLineOptions.parse(
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
    let result = PromptShowing.show(
      .form(request.form), plan: .forProcess(forcesTerminal: request.usesTerminal),
      onWindow: {
        DisplayConnection.warnAboutX11Options(grabWasAsked: request.asksForGrab)
      },
      onTerminal: {
        for warning in OrdinaryFrontEnd.terminalWarnings(for: request) {
          Diagnostics.warn(warning)
        }
      })
    return OrdinaryFrontEnd.answer(to: result, format: request.output)
  case .askpass(let prompt, let onTerminal):
    return carryOut(
      AskpassPlan.plan(
        prompt: prompt, onTerminal: onTerminal, environment: environment, requester: requester(),
        access: keyringAccess()))
  case .systemdAgent:
    requireLockedMemory()
    SystemdAgent(environment: environment).serve()
  case .polkitAgent(let arguments):
    let processID: Int?
    do {
      processID = try PolkitAgentPlan.processID(arguments: arguments)
    } catch {
      Standard.fail(.options(error))
    }
    requireLockedMemory()
    PolkitAgent(environment: environment, processID: processID).serve()
  case .gitCredential(let arguments):
    let action: GitCredentialAction
    do {
      action = try GitCredentialFrontEnd.action(arguments: arguments)
    } catch {
      Standard.fail(error)
    }
    requireLockedMemory(bytes: GitCredentialFrontEnd.maximumRequestBytes)
    let access = keyringAccess(replaying: HandOffInput.receive())
    let request = GitRequestInput.receive(action, access: access)
    return carryOut(
      GitCredentialPlan.plan(
        action, for: request, environment: environment, requester: requester(), access: access))
  case .pinentry(let arguments):
    // --help names the program as it was called (pinentry-login-form, or
    // pinentry as the alternative). Only then: GTK takes the window class
    // from the name while it parses, and it must stay login-form's.
    let helpOptions: Set = ["-h", "-?", "--help", "--help-all", "--help-gtk"]
    if arguments.contains(where: helpOptions.contains) { g_set_prgname(arguments[0]) }
    let (parsed, display) = CommandLineOptions.parse(
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
    // The server's input and output, and the windows' secrets. The display
    // opens with the first window: the agent is greeted at once, and a PIN
    // from the keyring needs no GTK at all. Without a display, each request
    // asks on the terminal gpg-agent names.
    requireLockedMemory(bytes: 12_288)
    let handOff = HandOffInput.receive()
    let session = PinentryFrontEnd.session(
      processID: Int(getpid()), userID: Int(geteuid()), groupID: Int(getegid()), launch: launch)
    guard
      let server = PinentryServer(
        session: session, environment: environment,
        keyring: .secretService(replaying: handOff, warn: Diagnostics.warn),
        wantsWindows: PresenterPlan.pinentryOpensDisplay(
          pinentryUserData: environment.pinentryUserData),
        handOff: handOff)
    else {
      Standard.fail(.noLockedMemoryLeft(for: .protocolStream))
    }
    server.serve()
  }
}

// The answer's secrets go, wiped, when `deliver` returns: before the exit,
// which runs no deinitialisers.
let status = MainActor.assumeIsolated { Standard.deliver(run()) }
Standard.exit(status)
