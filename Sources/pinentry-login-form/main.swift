// pinentry-login-form: gpg-agent's pinentry. It answers what needs no
// window itself, without GTK (a cached GETPIN needs only the password
// manager), and becomes login-form, handing over the conversation so far,
// as soon as something has to be shown. Loading GTK takes longer than the
// whole cached answer, so this is what makes that answer quick.
import CProcess
import Glibc
import LoginFormFrontEnd
import LoginFormKeyring
import LoginFormPrompt

// Hardened before any library loaded (CProcess's .preinit_array).
_ = lf_occupy_closed_standard_descriptors()
// Even the line saying login-form cannot be started is translated.
Localization.setUp()
// Refused here, not handed over: login-form would start afresh, and the
// trace of what was done to this process would go with it.
if let exposure = MemoryExposure(
  dumpable: lf_is_dumpable(), tracer: ProcFileSystem().tracer(of: Int(getpid())))
{
  QuickPinentry.fail(.memoryExposed(exposure))
}
// Any other command line (--help, --version, --timeout, a mistake) is
// login-form's to read and answer.
guard
  let launch = PinentryCommandLine.quickLaunch(arguments: Array(CommandLine.arguments.dropFirst()))
else { QuickPinentry.becomeLoginForm(handing: nil) }
guard let pinentry = QuickPinentry(launch: launch) else {
  // login-form says what is missing (locked memory) in its own words.
  QuickPinentry.becomeLoginForm(handing: nil)
}
pinentry.serve()
