// The executable: options in, window, output and exit status out.
import CGtk
import LoginFormGtk
import LoginFormModel

lf_harden_process()
let outputWasClosed = lf_occupy_closed_standard_descriptors() & (1 << 1) != 0
Localization.setUp()

let options: CommandLineOptions
do {
  options = try CommandLineOptions.parse(argv: CommandLine.unsafeArgv)
} catch {
  Standard.fail(error.description, status: .usage)
}
if options.showsVersion {
  _ = Standard.write("login-form \(CommandLineOptions.version)\n", to: 1)
  exit(ExitStatus.submitted.rawValue)
}
if outputWasClosed {
  // Fail before the user types anything that could not be delivered.
  Standard.fail(localized("Standard output is closed"), status: .notDelivered)
}
guard gtk_init_check(nil, nil) != 0 else {
  let name = gdk_get_display_arg_name() ?? g_getenv("DISPLAY")
  Standard.fail(
    name.map { formatted(localized("Cannot open display %s"), String(cString: $0)) }
      ?? localized("Cannot open display: DISPLAY is not set"),
    status: .usage)
}

switch PromptApplication.run(options.configuration) {
case .submitted(let credentials):
  let delivered = Standard.write(options.output.encode(credentials), to: 1)
  guard delivered.ok else {
    Standard.fail(
      formatted(localized("Could not write the credentials: %s"), delivered.reason),
      status: .notDelivered)
  }
  exit(ExitStatus.submitted.rawValue)
case .cancelled, .interrupted:
  exit(ExitStatus.cancelled.rawValue)
case .timedOut:
  exit(ExitStatus.timedOut.rawValue)
}
