import CGtk

/// The command-line options pinentry programs take, as gpg-agent and users
/// pass them (`--display :0 --ttyname /dev/pts/1 …`); what does not apply
/// to a GTK window is read and ignored.
public struct PinentryCommandLine {
  /// `--display`: already used by GTK when it opens the display.
  public var display: String?
  /// `--ttyname`, `--ttytype`: the terminal the request came from.
  public var ttyName: String?
  /// See `ttyName`.
  public var ttyType: String?
  /// `--lc-ctype`, `--lc-messages`: the caller's locale, as options.
  public var lcCtype: String?
  /// See `lcCtype`.
  public var lcMessages: String?
  /// `--timeout`: seconds a request waits for typing to begin; 0 for none.
  public var timeoutSeconds: Int?
  /// `--no-global-grab`: do not grab the keyboard.
  public var noGlobalGrab = false
  /// `--parent-wid`: the window to keep the prompt above.
  public var parentWindow: String?

  /// Parses the process's raw, NULL-terminated arguments.
  public static func parse(
    argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) throws(OptionsError) -> PinentryCommandLine {
    let parser = OptionParser()
    let table = parser.table
    for (name, placeholder) in [
      ("ttyname", "FILE"), ("ttytype", "NAME"), ("lc-ctype", "STRING"),
      ("lc-messages", "STRING"), ("timeout", "SECS"), ("parent-wid", "WINDOW"),
      ("colors", "STRING"),
    ] {
      table.text(name, localized("Accepted for pinentry compatibility"), placeholder: placeholder)
    }
    for name in ["no-global-grab", "debug", "no-local-grab"] {
      table.flag(name, localized("Accepted for pinentry compatibility"))
    }
    try parser.parse(
      argv: argv,
      summary: localized(
        "Ask for a passphrase for GnuPG (the pinentry protocol on standard input)."),
      includesGtk: true)
    if let extra = parser.positional.first { throw .unexpectedArgument(extra) }
    var options = PinentryCommandLine()
    options.display = gdk_get_display_arg_name().map { String(cString: $0) }
    options.ttyName = try parser.text("ttyname")
    options.ttyType = try parser.text("ttytype")
    options.lcCtype = try parser.text("lc-ctype")
    options.lcMessages = try parser.text("lc-messages")
    options.timeoutSeconds = try parser.integer("timeout", in: 0...Int(Int32.max))
    options.noGlobalGrab = parser.flag("no-global-grab")
    options.parentWindow = try parser.text("parent-wid")
    return options
  }

  /// Parses `arguments` (the first being the program name).
  public static func parse(_ arguments: [String]) throws(OptionsError) -> PinentryCommandLine {
    try CArguments(arguments).withArgv { (argv) throws(OptionsError) in try parse(argv: argv) }
  }
}
