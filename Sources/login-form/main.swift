// The executable: options in, window, output and exit status out.
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
  OrdinaryFrontEnd.run(argv: CommandLine.unsafeArgv, outputWasClosed: outputWasClosed)
}
