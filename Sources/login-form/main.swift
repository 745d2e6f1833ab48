// The executable: picks the mode from how it was called, then hands over to
// that mode's front end, which turns its protocol into a prompt and the
// prompt's result back into its protocol.
import CGtk
import LoginFormGtk

lf_harden_process()
let outputWasClosed = lf_occupy_closed_standard_descriptors() & (1 << 1) != 0
Localization.setUp()
DisplayConnection.prepareEnvironment()
// One name whatever link started the binary: it is the X11 window class, the
// AT-SPI application name and the prefix of every message.
g_set_prgname("login-form")

MainActor.assumeIsolated {
  switch Mode(arguments: CommandLine.arguments) {
  case .ordinary:
    OrdinaryFrontEnd.run(argv: CommandLine.unsafeArgv, outputWasClosed: outputWasClosed)
  case .askpass(let prompt):
    AskpassFrontEnd.run(prompt: prompt)
  case .gitCredential(let arguments):
    GitCredentialFrontEnd.run(arguments: arguments)
  case .pinentry(let arguments):
    PinentryFrontEnd.run(arguments: arguments)
  }
}
