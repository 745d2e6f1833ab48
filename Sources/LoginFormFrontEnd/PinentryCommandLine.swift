import LoginFormPrompt
import LoginFormProtocols

/// The command-line options pinentry programs take, as gpg-agent and users
/// pass them (`--display :0 --ttyname /dev/pts/1 …`), read straight into
/// the session's options; what does not apply to a window is read and
/// ignored.
package enum PinentryCommandLine {
  /// The line that heads `--help`.
  package static var summary: String {
    localized("Ask for a passphrase for GnuPG (the pinentry protocol on standard input).")
  }

  /// Every option pinentry's GTK and GNOME programs take; `--display` is
  /// GTK's own.
  package static var declarations: [OptionDeclaration] {
    let compatible = localized("Accepted for pinentry compatibility")
    let texts = [
      ("ttyname", "FILE"), ("ttytype", "NAME"), ("lc-ctype", "STRING"), ("lc-messages", "STRING"),
      ("timeout", "SECS"), ("parent-wid", "WINDOW"), ("colors", "STRING"),
    ]
    let flags = ["no-global-grab", "debug", "no-local-grab"]
    return texts.map { .text($0.0, compatible, placeholder: $0.1) }
      + flags.map { .flag($0, compatible) }
  }

  /// The session's options and the requests' timeout from what GLib parsed;
  /// `display` is the display GTK was told to use, if any.
  package static func launch(from parsed: ParsedOptions, display: String?)
    throws(OptionsError) -> PinentryLaunch
  {
    if let extra = parsed.positional.first { throw .unexpectedArgument(extra) }
    var options = PinentryOptions()
    options.display = display
    options.ttyName = try parsed.text("ttyname")
    options.ttyType = try parsed.text("ttytype")
    options.lcCtype = try parsed.text("lc-ctype")
    options.lcMessages = try parsed.text("lc-messages")
    options.parentWindow = try parsed.text("parent-wid")
    options.grabsKeyboard = !parsed.flag("no-global-grab")
    // pinentry's --timeout: 60 seconds when not given, none when 0.
    let seconds = try parsed.integer("timeout", in: 0...Int(Int32.max)) ?? 60
    return PinentryLaunch(options: options, timeoutSeconds: seconds == 0 ? nil : seconds)
  }
}

/// How a pinentry process starts: its session's options and the timeout of
/// a request that sets none.
package struct PinentryLaunch: Equatable {
  /// The options given on the command line.
  package var options: PinentryOptions
  /// Seconds a request waits for typing to begin; nil for no limit.
  package var timeoutSeconds: Int?

  package init(options: PinentryOptions, timeoutSeconds: Int?) {
    self.options = options
    self.timeoutSeconds = timeoutSeconds
  }
}
