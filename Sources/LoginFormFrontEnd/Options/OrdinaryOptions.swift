import LoginFormModel
import LoginFormPrompt

/// The ordinary mode's options, checked: bounds that no value could meet and
/// times that cannot be honoured are errors, never a form that cannot be
/// completed or a silently shortened wait.
package enum OrdinaryOptions {
  /// Checks what GLib parsed against `OrdinaryOptionTable` and turns it into
  /// a request; `checks` compiles patterns and loads icons.
  package static func request(from parsed: ParsedOptions, checks: OptionChecks)
    throws(OptionsError) -> OrdinaryRequest
  {
    if let extra = parsed.positional.first { throw .unexpectedArgument(extra) }
    let passwordOnly = parsed.flag("password-only")
    let shape = FormShape(username: !passwordOnly, repeatsPassword: parsed.flag("new-password"))
    let output = try output(parsed, shape: shape)
    if passwordOnly {
      for option in OrdinaryOptionTable.usernameOptions where parsed.isGiven(option) {
        throw .conflict(option, "password-only")
      }
    }
    var form = FormDescription(
      shape: shape, rules: try rules(parsed, separator: output.separatorRule, checks: checks))
    try fillTexts(of: &form, from: parsed, checks: checks)
    form.options = try options(parsed, checks: checks)
    return OrdinaryRequest(
      form: form, output: output, showsVersion: parsed.flag("version"),
      usesTerminal: parsed.flag("tty"))
  }

  private static func output(_ parsed: ParsedOptions, shape: FormShape) throws(OptionsError)
    -> OutputFormat
  {
    var output = OutputFormat.lines
    if let separator = try parsed.text("separator") {
      guard !separator.isEmpty else {
        throw .invalidValue(option: "separator", reason: localized("must not be empty"))
      }
      guard shape.contains(.username) else { throw .conflict("separator", "password-only") }
      output = .separated(by: separator)
    }
    if parsed.flag("json") {
      guard output == .lines else { throw .conflict("json", "separator") }
      output = .json
    }
    return output
  }

  private static func rules(_ parsed: ParsedOptions, separator: String?, checks: OptionChecks)
    throws(OptionsError) -> FormRules
  {
    var pattern: UsernamePattern?
    if let source = try parsed.text("username-pattern") {
      switch checks.compilePattern(source, try parsed.text("username-pattern-hint")) {
      case .success(let compiled): pattern = compiled
      case .failure(let problem):
        throw .invalidValue(option: "username-pattern", reason: problem.reason)
      }
    }
    return FormRules(
      username: try field(
        "username", parsed, fallback: FormRules.defaultUsernameMinimum, pattern: pattern,
        separator: separator),
      password: try field("password", parsed, fallback: FormRules.defaultPasswordMinimum))
  }

  private static func field(
    _ name: String, _ parsed: ParsedOptions, fallback: Int, pattern: UsernamePattern? = nil,
    separator: String? = nil
  ) throws(OptionsError) -> FieldRules {
    let minimum = try parsed.integer(name + "-min-length", in: 0...Int(Int32.max)) ?? fallback
    let maximum =
      try parsed.integer(name + "-max-length", in: 1...Int(Int32.max))
      ?? FieldRules.defaultMaximumLength
    let rules: FieldRules
    do throws(RulesError) {
      rules = try FieldRules(
        minimumLength: minimum, maximumLength: maximum, pattern: pattern, separator: separator,
        refusesInvisibleCharacters: name == "username")
    } catch {
      throw OptionsError(error, field: name)
    }
    // A character is at least one code point: a minimum above what the
    // field takes could never be met.
    guard minimum <= rules.capacity else {
      throw .invalidValue(
        option: name + "-min-length",
        reason: formatted(
          // TRANSLATORS: a reason after "Invalid value for --…:"; the first %d is the value given, the second the most characters the field holds.
          localizedPlural(
            "%d is more than the %d character the entry holds",
            "%d is more than the %d characters the entry holds", rules.capacity),
          minimum, rules.capacity))
    }
    return rules
  }

  private static func fillTexts(
    of form: inout FormDescription, from parsed: ParsedOptions, checks: OptionChecks
  ) throws(OptionsError) {
    form.text = try parsed.text("text")
    form.textIsMarkup = parsed.flag("text-markup")
    if form.textIsMarkup, let text = form.text, let problem = checks.markupProblem(text) {
      throw .invalidValue(option: "text", reason: problem.reason)
    }
    form.username = try parsed.text("username") ?? ""
    let capacity = form.rules.username.capacity
    if form.username.unicodeScalars.count > capacity {
      throw .invalidValue(
        option: "username",
        reason: formatted(
          // TRANSLATORS: a reason after "Invalid value for --username:"; %d is the most characters the field holds.
          localizedPlural(
            "is longer than the %d character the entry holds",
            "is longer than the %d characters the entry holds", capacity), capacity))
    }
    for (name, label) in [
      ("ok-label", \FormDescription.okLabel), ("cancel-label", \.cancelLabel),
      ("username-label", \.usernameLabel), ("password-label", \.passwordLabel),
    ] {
      guard let text = try parsed.text(name) else { continue }
      guard !text.isEmpty, text != "_" else {
        throw .invalidValue(option: name, reason: localized("must not be empty"))
      }
      form[keyPath: label] = text
    }
  }

  private static func options(_ parsed: ParsedOptions, checks: OptionChecks)
    throws(OptionsError) -> PromptOptions
  {
    var options = PromptOptions()
    options.title = try parsed.text("title")
    options.timeoutSeconds = try parsed.integer("timeout", in: 1...Int(Int32.max))
    options.grabsKeyboard = parsed.flag("grab")
    options.window.width = try parsed.integer("width", in: 1...10_000)
    options.window.icon = try parsed.text("window-icon")
    if let icon = options.window.icon, icon.contains("/"), let problem = checks.iconProblem(icon) {
      throw .invalidValue(option: "window-icon", reason: problem.reason)
    }
    if parsed.isGiven("parent"), parsed.isGiven("attach") { throw .conflict("parent", "attach") }
    if let parent = try parsed.text("parent") {
      guard let window = WindowParent(notation: parent, source: "--parent") else {
        throw .invalidValue(
          option: "parent", reason: localized("must be x11:WINDOW or wayland:HANDLE"))
      }
      options.window.parents = [window]
    }
    if let attach = try parsed.text("attach") {
      guard let window = WindowParent(windowID: attach, source: "--attach") else {
        throw .invalidValue(option: "attach", reason: localized("must be an X window id"))
      }
      options.window.parents = [window]
    }
    options.window.isModal = parsed.flag("modal")
    if options.window.isModal, options.window.parents.isEmpty {
      throw .needs("modal", "parent")
    }
    options.window.keepsAbove = parsed.flag("keep-above")
    return options
  }
}

extension OutputFormat {
  /// The separator the username must not contain or end with the start of.
  /// None for a separator with a control character in it: controls are
  /// refused in every value already, so no value can contain it.
  fileprivate var separatorRule: String? {
    guard case .separated(let text) = self,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return nil }
    return text
  }
}

extension OptionsError {
  /// The option-level wording of a rules error for `field`.
  fileprivate init(_ error: RulesError, field: String) {
    switch error {
    case .negativeMinimum:
      self = .invalidValue(option: field + "-min-length", reason: localized("must not be negative"))
    case .nonPositiveMaximum, .nonPositiveByteLimit:
      self = .invalidValue(option: field + "-max-length", reason: localized("must be at least 1"))
    case .minimumAboveMaximum(let minimum, let maximum):
      self = .invalidValue(
        option: field + "-min-length",
        // TRANSLATORS: a reason after "Invalid value for --…:"; the value given, then the maximum.
        reason: formatted(localized("%d is above the maximum of %d"), minimum, maximum))
    }
  }
}
