import CGtk
import LoginFormModel

/// The ordinary mode's rule and window options, checked: bounds that no value
/// could meet and times that cannot be honoured are errors, never a form that
/// cannot be completed or a silently shortened wait.
enum OptionRules {
  static func rules(from parser: OptionParser, separator: String?) throws(OptionsError)
    -> FormRules
  {
    let pattern = try parser.text("username-pattern").map { (source) throws(OptionsError) in
      try BoundedPattern.compile(source, hint: parser.text("username-pattern-hint"))
    }
    return FormRules(
      username: try field(
        "username", parser, fallback: FormRules.defaultUsernameMinimum, pattern: pattern,
        separator: separator),
      password: try field("password", parser, fallback: FormRules.defaultPasswordMinimum))
  }

  private static func field(
    _ name: String, _ parser: OptionParser, fallback: Int, pattern: UsernamePattern? = nil,
    separator: String? = nil
  ) throws(OptionsError) -> FieldRules {
    let minimum = try parser.integer(name + "-min-length", in: 0...Int(Int32.max)) ?? fallback
    let maximum =
      try parser.integer(name + "-max-length", in: 1...Int(Int32.max))
      ?? FieldRules.defaultMaximumLength
    let rules: FieldRules
    do throws(RulesError) {
      rules = try FieldRules(
        minimumLength: minimum, maximumLength: maximum, pattern: pattern, separator: separator,
        refusesInvisibleCharacters: name == "username")
    } catch {
      throw OptionsError(error, field: name)
    }
    // The entry holds at most 65,535 code points, and a character is at
    // least one: a minimum above that could never be met.
    let cap = FieldRow.entryCap(for: rules)
    guard minimum <= cap else {
      throw .invalidValue(
        option: name + "-min-length",
        reason: formatted(localized("%d is more than the %d the entry holds"), minimum, cap))
    }
    return rules
  }

  static func windowOptions(from parser: OptionParser) throws(OptionsError) -> WindowOptions {
    var options = WindowOptions()
    options.title = try parser.text("title")
    options.timeoutSeconds = try parser.integer("timeout", in: 1...Int(Int32.max))
    options.width = try parser.integer("width", in: 1...10_000)
    options.icon = try parser.text("window-icon")
    if let icon = options.icon, icon.contains("/") {
      var error: UnsafeMutablePointer<GError>?
      guard let pixbuf = gdk_pixbuf_new_from_file(icon, &error) else {
        throw .invalidValue(option: "window-icon", reason: takeMessage(error))
      }
      g_object_unref(UnsafeMutableRawPointer(pixbuf))
    }
    if let attach = try parser.text("attach") {
      guard let id = WindowOptions.windowID(attach) else {
        throw .invalidValue(option: "attach", reason: localized("must be an X window id"))
      }
      options.parentWindow = id
    }
    options.isModal = parser.flag("modal")
    if options.isModal, options.parentWindow == nil { throw .conflict("modal", "attach") }
    options.keepsAbove = parser.flag("keep-above")
    options.grabsKeyboard = parser.flag("grab")
    return options
  }
}

extension OptionsError {
  /// The option-level wording of a rules error for `field`.
  init(_ error: RulesError, field: String) {
    switch error {
    case .negativeMinimum:
      self = .invalidValue(option: field + "-min-length", reason: localized("must not be negative"))
    case .nonPositiveMaximum, .nonPositiveByteLimit:
      self = .invalidValue(option: field + "-max-length", reason: localized("must be at least 1"))
    case .minimumAboveMaximum(let minimum, let maximum):
      self = .invalidValue(
        option: field + "-min-length",
        reason: formatted(localized("%d is above the maximum of %d"), minimum, maximum))
    }
  }
}
