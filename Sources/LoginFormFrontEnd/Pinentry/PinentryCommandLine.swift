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

  /// Every option pinentry's GTK and GNOME programs take, saying which
  /// are honoured; `--display` is GTK's own.
  package static var declarations: [OptionDeclaration] {
    let compatible = localized("Accepted for pinentry compatibility; no effect on a window")
    let ignoredTexts = [
      ("ttyname", "FILE"), ("ttytype", "NAME"), ("lc-ctype", "STRING"), ("colors", "STRING"),
    ]
    return [
      .text(
        "timeout",
        localized("Give up after SECS seconds unless typing has begun (default and 0: never)"),
        placeholder: "SECS"),
      .text(
        "lc-messages", localized("The language of the window, as a locale name"),
        placeholder: "STRING"),
      .text(
        "parent-wid", localized("Keep the window above this X window"), placeholder: "WINDOW"),
      .flag("no-global-grab", localized("Do not hold the keyboard while the window is open")),
      .flag("version", localized("Print the version and exit")),
    ] + ignoredTexts.map { .text($0.0, compatible, placeholder: $0.1) }
      + ["debug", "no-local-grab"].map { .flag($0, compatible) }
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
    // pinentry's --timeout; none when not given or 0: gpg-agent sends
    // SETTIMEOUT when it wants one, and a user who looked away should not
    // come back to "Timeout".
    let seconds = try parsed.integer("timeout", in: 0...Int(Int32.max)) ?? 0
    var launch = PinentryLaunch(options: options, timeoutSeconds: seconds == 0 ? nil : seconds)
    launch.showsVersion = parsed.flag("version")
    return launch
  }

  /// The launch for the command lines gpg-agent starts a pinentry with
  /// (none, or `--display NAME`), which the quick pinentry reads without
  /// GLib or GTK; nil for any other, which it leaves to login-form to read
  /// (and to report on).
  package static func quickLaunch(arguments: [String]) -> PinentryLaunch? {
    let display: String?
    if arguments.isEmpty {
      display = nil
    } else if arguments.count == 2, arguments[0] == "--display" {
      display = arguments[1]
    } else {
      return nil
    }
    let none = ParsedOptions(texts: [:], flags: [], positional: [])
    return try? launch(from: none, display: display)
  }

  /// What `--version` prints for the program started as `program`, in
  /// pinentry's own form ("pinentry-gnome3 (pinentry) 1.2.1").
  package static func versionLine(program: String) -> String {
    "\(program) (login-form) \(Version.current)\n"
  }
}

/// How a pinentry process starts: its session's options and the timeout of
/// a request that sets none.
package struct PinentryLaunch: Equatable {
  /// The options given on the command line.
  package var options: PinentryOptions
  /// Seconds a request waits for typing to begin; nil for no limit.
  package var timeoutSeconds: Int?
  /// Whether to print the version and exit.
  package var showsVersion = false

  package init(options: PinentryOptions, timeoutSeconds: Int?) {
    self.options = options
    self.timeoutSeconds = timeoutSeconds
  }
}
