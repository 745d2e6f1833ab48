import CGtk
import LoginFormGtk
import LoginFormModel

/// The ordinary mode: options in, the form, the values in the chosen format
/// out.
@MainActor enum OrdinaryFrontEnd {
  static func run(argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, outputWasClosed: Bool)
    -> Never
  {
    let options: CommandLineOptions
    do {
      options = try CommandLineOptions.parse(argv: argv)
    } catch {
      Standard.fail(error.description, status: .usage)
    }
    if options.showsVersion {
      _ = Standard.write("login-form \(CommandLineOptions.version)\n", to: 1)
      Standard.exit(.submitted)
    }
    if outputWasClosed {
      // Fail before the user types anything that could not be delivered.
      Standard.fail(localized("Standard output is closed"), status: .notDelivered)
    }
    if options.description.shape.contains(.password) { SecretMemory.require() }
    Display.open()
    Display.warnAboutX11Options(options.description.window, grabWasAsked: options.asksForGrab)
    let result = PromptRunner.run { end in
      PromptWindow(description: options.description, onFinish: end)
    }
    guard case .submitted(let form) = result else { Standard.exit(ExitStatus(ending: result)) }
    Standard.deliver(form) { form, sink in
      if let password = form.password {
        password.withUTF8 {
          options.output.encode(username: form.username, password: $0, into: &sink)
        }
      } else {
        options.output.encode(username: form.username, password: nil, into: &sink)
      }
    }
    Standard.exit(.submitted)
  }
}
