import LoginFormModel
import LoginFormPrompt

/// The ordinary mode's end: the values in the chosen format, or nothing and
/// the status that says why.
package enum OrdinaryFrontEnd {
  /// How the process ends after `result`, writing in `format`.
  package static func answer(to result: PromptResult, format: OutputFormat) -> Answer {
    guard case .submitted(let form) = result else { return .ended(result) }
    return .form(form, format: format)
  }

  /// What to say, one line each, when `request` is shown on a terminal:
  /// the options that cannot work there. The window's hints (width, icon,
  /// keeping above) simply do not apply.
  package static func terminalWarnings(for request: OrdinaryRequest) -> [String] {
    var warnings: [String] = []
    if request.asksForGrab {
      warnings.append(localized("--grab has no effect on a terminal: no program can hold it"))
    }
    if let parent = request.form.options.window.parents.first, parent.source.hasPrefix("--") {
      warnings.append(
        // TRANSLATORS: %s is an option name (--parent, --attach).
        formatted(localized("%s has no effect on a terminal: it names a window"), parent.source))
    }
    return warnings
  }
}
