// The quick program, without GTK: gpg-agent's pinentry
// (pinentry-login-form) and git's credential helper
// (git-credential-login-form) by the name it is called by. It answers what
// needs no window itself (a cached GETPIN, git's store and erase, a stored
// git password: the password manager alone; the pinentry's version) and
// becomes login-form, handing over what it was told so far, as soon as
// something has to be shown. Loading GTK takes longer than the whole cached
// answer, so this is what makes that answer quick.
import CProcess
import Glibc
import LoginFormFrontEnd
import LoginFormKeyring
import LoginFormPrompt
import LoginFormStreams

// Hardened before any library loaded (CProcess's .preinit_array).
_ = lf_occupy_closed_standard_descriptors()
// Every line it says is translated, even the one saying login-form cannot
// be started; the catalogue is bound with the first (Localization), so a
// stored git password costs no locale set-up.
// Refused here, not handed over: login-form would start afresh, and the
// trace of what was done to this process would go with it.
if let exposure = MemoryExposure(
  dumpable: lf_is_dumpable(), tracer: ProcFileSystem().tracer(of: Int(getpid())))
{
  Standard.fail(.memoryExposed(exposure))
}
let environment = LaunchEnvironment { getenv($0).map { String(cString: $0) } }
switch Mode(arguments: CommandLine.arguments, askpassPromptMode: environment.sshAskpassPrompt) {
case .gitCredential(let arguments):
  MainActor.assumeIsolated {
    QuickGitCredential.answer(arguments: arguments, environment: environment)
  }
case .pinentry(let arguments) where arguments.dropFirst() == ["--version"]:
  Standard.print(PinentryCommandLine.versionLine(program: arguments[0]))
  Standard.exit(.submitted)
default:
  // The agent's conversation may depend on the locale (its character set).
  Localization.setUp()
  // Any other command line (--help, --version, --timeout, a mistake) is
  // login-form's to read and answer.
  guard
    let launch = PinentryCommandLine.quickLaunch(
      arguments: Array(CommandLine.arguments.dropFirst()))
  else { QuickPinentry.becomeLoginForm() }
  guard let pinentry = QuickPinentry(launch: launch) else {
    // login-form says what is missing (locked memory) in its own words.
    QuickPinentry.becomeLoginForm()
  }
  pinentry.serve()
}
