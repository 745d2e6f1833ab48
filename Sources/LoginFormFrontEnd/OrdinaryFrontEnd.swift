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
}
