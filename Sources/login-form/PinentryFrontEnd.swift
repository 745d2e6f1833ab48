import CGtk
import LoginFormGtk
import LoginFormModel
import LoginFormProtocols

/// The pinentry mode: `pinentry-login-form` (or `login-form --pinentry`), as
/// gpg-agent starts it, speaking Assuan on standard input and output while
/// GTK's main loop runs. One process serves every request of one agent
/// connection (retries included); there is no window between requests.
@MainActor enum PinentryFrontEnd {
  static func run(arguments: [String]) -> Never {
    let commandLine: PinentryCommandLine
    do {
      commandLine = try PinentryCommandLine.parse(arguments)
    } catch {
      Standard.fail(error.description, status: .usage)
    }
    SecretMemory.require()
    Display.open()
    var options = PinentryOptions()
    options.display = commandLine.display
    options.ttyName = commandLine.ttyName
    options.ttyType = commandLine.ttyType
    options.lcCtype = commandLine.lcCtype
    options.lcMessages = commandLine.lcMessages
    options.parentWindow = commandLine.parentWindow
    options.grabsKeyboard = !commandLine.noGlobalGrab
    let host = PinentryHost(
      processID: Int(getpid()), userID: Int(geteuid()), groupID: Int(getegid()),
      flavor: "login-form", version: CommandLineOptions.version,
      defaultTimeoutSeconds: Self.timeout(commandLine.timeoutSeconds))
    guard let server = PinentryServer(session: PinentrySession(host: host, options: options)) else {
      Standard.fail(localized("No locked memory is left for the protocol"), status: .notDelivered)
    }
    server.serve()
  }

  /// pinentry's `--timeout`: 60 seconds when not given, none when 0.
  private static func timeout(_ seconds: Int?) -> Int? {
    guard let seconds else { return 60 }
    return seconds == 0 ? nil : seconds
  }
}
