import CGtk
import LoginFormModel

/// What the ordinary mode's command line asked for, checked and turned into
/// a prompt description and an output format.
///
/// Parsing is GLib's (GOptionContext), so `--help` lists every option and
/// GTK's own options (`--display`, `--help-gtk`) keep working. There is
/// deliberately no option that takes a password: argv is visible to every
/// user of the machine.
public struct CommandLineOptions {
  /// The window to show.
  public var description: PromptDescription
  /// How to write what the form collected.
  public var output: OutputFormat
  /// Whether to print the version and exit.
  public var showsVersion: Bool
  /// Whether `--grab` was asked for (the front end warns where it cannot be had).
  public var asksForGrab: Bool { description.window.grabsKeyboard }

  /// The version printed by `--version`, and the package's.
  public static let version = "0.2.0"

  /// Parses the process's raw, NULL-terminated arguments, as `main` receives
  /// them.
  public static func parse(
    argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) throws(OptionsError) -> CommandLineOptions {
    let parser = OptionParser()
    OrdinaryOptionTable.declare(on: parser.table)
    try parser.parse(
      argv: argv,
      summary: localized("Ask for a username and a password and print them when they are valid."),
      includesGtk: true)
    if let extra = parser.positional.first { throw .unexpectedArgument(extra) }
    return try CommandLineOptions(parser)
  }

  /// Parses `arguments` (the first being the program name); for tests.
  public static func parse(_ arguments: [String]) throws(OptionsError) -> CommandLineOptions {
    try CArguments(arguments).withArgv { (argv) throws(OptionsError) in try parse(argv: argv) }
  }

  private init(_ parser: OptionParser) throws(OptionsError) {
    showsVersion = parser.flag("version")
    let passwordOnly = parser.flag("password-only")
    let shape = FormShape(username: !passwordOnly, repeatsPassword: parser.flag("new-password"))
    output = try Self.output(parser, shape: shape)
    var separator: String?
    if case .separated(let text) = output,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    {
      // A separator with a control character in it needs no rule: controls
      // are refused in every value already, so no value can contain it.
      separator = text
    }
    if passwordOnly {
      for option in OrdinaryOptionTable.usernameOptions where parser.table.textBytes(option) != nil
      {
        throw .conflict(option, "password-only")
      }
    }
    description = PromptDescription(
      shape: shape, rules: try OptionRules.rules(from: parser, separator: separator))
    try fillTexts(from: parser)
    description.window = try OptionRules.windowOptions(from: parser)
  }

  private static func output(_ parser: OptionParser, shape: FormShape) throws(OptionsError)
    -> OutputFormat
  {
    var output = OutputFormat.lines
    if let separator = try parser.text("separator") {
      guard !separator.isEmpty else {
        throw .invalidValue(option: "separator", reason: localized("must not be empty"))
      }
      guard shape.contains(.username) else { throw .conflict("separator", "password-only") }
      output = .separated(by: separator)
    }
    if parser.flag("json") {
      guard output == .lines else { throw .conflict("json", "separator") }
      output = .json
    }
    return output
  }

  private mutating func fillTexts(from parser: OptionParser) throws(OptionsError) {
    description.text = try parser.text("text")
    description.textIsMarkup = parser.flag("text-markup")
    if description.textIsMarkup, let text = description.text {
      var error: UnsafeMutablePointer<GError>?
      guard pango_parse_markup(text, -1, 0, nil, nil, nil, &error) != 0 else {
        throw .invalidValue(option: "text", reason: takeMessage(error))
      }
    }
    description.username = try parser.text("username") ?? ""
    let cap = FieldRow.entryCap(for: description.rules.username)
    if description.username.unicodeScalars.count > cap {
      throw .invalidValue(
        option: "username",
        reason: formatted(localized("is longer than the %d the entry holds"), cap))
    }
    for (name, label) in [
      ("ok-label", \PromptDescription.okLabel), ("cancel-label", \.cancelLabel),
      ("username-label", \.usernameLabel), ("password-label", \.passwordLabel),
    ] {
      guard let text = try parser.text(name) else { continue }
      guard !text.isEmpty, text != "_" else {
        throw .invalidValue(option: name, reason: localized("must not be empty"))
      }
      description[keyPath: label] = text
    }
  }
}
