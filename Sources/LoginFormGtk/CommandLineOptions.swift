import CGtk
import LoginFormModel

/// What the command line asked for, checked and turned into Swift values.
///
/// Parsing is GLib's (GOptionContext), so `--help` lists every option and
/// GTK's own options (`--display`, `--help-gtk`) keep working. There is
/// deliberately no option that takes a password: argv is visible to every
/// user of the machine.
public struct CommandLineOptions {
  /// The window to show.
  public var configuration: PromptConfiguration
  /// How to write the credentials.
  public var output: OutputFormat
  /// Whether to print the version and exit.
  public var showsVersion: Bool

  /// The version printed by `--version`.
  public static let version = "0.1.0"

  /// Parses the process's raw, NULL-terminated arguments, as `main` receives
  /// them.
  public static func parse(
    argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) throws(OptionsError) -> CommandLineOptions {
    // GLib removes what it parses from the vector; the strv variant frees
    // what it removes, so it works on a copy that is freed whole at the end.
    var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = g_strdupv(argv)
    defer { g_strfreev(vector) }
    let table = OptionTable()
    declare(table)
    let context = g_option_context_new(nil)
    defer { g_option_context_free(context) }
    g_option_context_set_summary(
      context, localized("Ask for a username and a password and print them when they are valid."))
    g_option_context_set_translation_domain(context, Localization.domain)
    g_option_context_add_main_entries(context, table.mainEntries, Localization.domain)
    g_option_context_add_group(context, gtk_get_option_group(false.gboolean))
    var error: UnsafeMutablePointer<GError>?
    guard g_option_context_parse_strv(context, &vector, &error) != 0 else {
      throw .parse(takeMessage(error))
    }
    if let extra = vector?[1] {
      throw .unexpectedArgument(String(cString: extra))
    }
    return try CommandLineOptions(table)
  }

  /// Parses `arguments` (the first being the program name); for tests.
  public static func parse(_ arguments: [String]) throws(OptionsError) -> CommandLineOptions {
    let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: arguments.count + 1)
    defer { vector.deallocate() }
    for (index, argument) in arguments.enumerated() { vector[index] = strdup(argument) }
    vector[arguments.count] = nil
    defer { for index in arguments.indices { free(vector[index]) } }
    return try parse(argv: vector)
  }

  private static func declare(_ table: OptionTable) {
    table.text("title", localized("Window title (default: “Log In”)"), placeholder: "TITLE")
    table.text("text", localized("A line of explanation above the fields"), placeholder: "TEXT")
    table.text("username", localized("Prefill the username"), placeholder: "NAME")
    table.text("ok-label", localized("Label of the Done button"), placeholder: "LABEL")
    table.text("cancel-label", localized("Label of the Cancel button"), placeholder: "LABEL")
    table.integer(
      "username-min-length", localized("Fewest characters in the username (default: 6)"),
      placeholder: "N")
    table.integer(
      "password-min-length", localized("Fewest characters in the password (default: 7)"),
      placeholder: "N")
    table.integer(
      "username-max-length", localized("Most characters in the username (default: 256)"),
      placeholder: "N")
    table.integer(
      "password-max-length", localized("Most characters in the password (default: 256)"),
      placeholder: "N")
    table.text(
      "username-pattern", localized("Regular expression the whole username must match"),
      placeholder: "REGEX")
    table.text(
      "username-pattern-hint", localized("What to say when the pattern does not match"),
      placeholder: "TEXT")
    table.text(
      "separator", localized("Print “username SEP password” on one line"), placeholder: "SEP")
    table.flag("json", localized("Print {\"username\":…,\"password\":…} on one line"))
    table.integer(
      "timeout", localized("Give up after SECONDS seconds (exit status 5)"),
      placeholder: "SECONDS")
    table.flag("version", localized("Print the version and exit"))
  }

  private init(_ table: OptionTable) throws(OptionsError) {
    func text(_ name: String) throws(OptionsError) -> String? {
      guard let bytes = table.textBytes(name) else { return nil }
      guard g_utf8_validate(bytes, -1, nil) != 0 else { throw .invalidUTF8(option: name) }
      return String(cString: bytes)
    }
    func length(_ name: String) throws(OptionsError) -> Int? {
      guard let value = table.integer(name) else { return nil }
      guard value >= 0 else {
        throw .invalidValue(option: name, reason: localized("must not be negative"))
      }
      return value
    }

    output = .lines
    if let separator = try text("separator") {
      guard !separator.isEmpty else {
        throw .invalidValue(option: "separator", reason: localized("must not be empty"))
      }
      output = .separated(by: separator)
    }
    if table.flag("json") {
      guard output == .lines else { throw .conflict("json", "separator") }
      output = .json
    }
    // With one-line output the username must not contain the separator. A
    // separator with a control character in it needs no rule: controls are
    // refused in every value already, so no value can contain it.
    var separator: String?
    if case .separated(let text) = output,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    {
      separator = text
    }
    let rules = try Self.rules(
      username: (length("username-min-length"), length("username-max-length")),
      password: (length("password-min-length"), length("password-max-length")),
      pattern: text("username-pattern"), hint: text("username-pattern-hint"),
      separator: separator)
    var timeout: Int?
    if let seconds = table.integer("timeout") {
      guard seconds > 0 else {
        throw .invalidValue(option: "timeout", reason: localized("must be at least 1 second"))
      }
      timeout = seconds
    }
    showsVersion = table.flag("version")
    configuration = PromptConfiguration(
      title: try text("title"), text: try text("text"), username: try text("username") ?? "",
      okLabel: try text("ok-label"), cancelLabel: try text("cancel-label"), rules: rules,
      timeoutSeconds: timeout)
  }

  private static func rules(
    username: (minimum: Int?, maximum: Int?), password: (minimum: Int?, maximum: Int?),
    pattern: String?, hint: String?, separator: String?
  ) throws(OptionsError) -> FormRules {
    func field(_ name: String, _ bounds: (minimum: Int?, maximum: Int?), _ fallback: Int)
      throws(OptionsError) -> FieldRules
    {
      do throws(RulesError) {
        var compiled: UsernamePattern?
        if name == "username", let pattern { compiled = try UsernamePattern(pattern, hint: hint) }
        return try FieldRules(
          minimumLength: bounds.minimum ?? fallback,
          maximumLength: bounds.maximum ?? FieldRules.defaultMaximumLength, pattern: compiled,
          separator: name == "username" ? separator : nil)
      } catch {
        throw OptionsError(error, field: name)
      }
    }
    return FormRules(
      username: try field("username", username, FormRules.defaultUsernameMinimum),
      password: try field("password", password, FormRules.defaultPasswordMinimum))
  }
}

extension OptionsError {
  /// The option-level wording of a rules error for `field`.
  init(_ error: RulesError, field: String) {
    switch error {
    case .negativeMinimum:
      self = .invalidValue(option: field + "-min-length", reason: localized("must not be negative"))
    case .nonPositiveMaximum:
      self = .invalidValue(option: field + "-max-length", reason: localized("must be at least 1"))
    case .minimumAboveMaximum(let minimum, let maximum):
      self = .invalidValue(
        option: field + "-min-length",
        reason: formatted(localized("%d is above the maximum of %d"), minimum, maximum))
    case .invalidPattern(_, let reason):
      self = .invalidValue(option: "username-pattern", reason: reason)
    }
  }
}
