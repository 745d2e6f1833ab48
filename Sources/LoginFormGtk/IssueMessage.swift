import LoginFormModel

/// Words for the model's issues, in the user's language.
enum IssueMessage {
  /// One line that says what `issue` means and how to fix it.
  static func text(for issue: FieldIssue) -> String {
    switch issue {
    case .tooShort(let minimum, let missing):
      formatted(
        localizedPlural(
          "%d more character needed (at least %d)",
          "%d more characters needed (at least %d)", missing),
        missing, minimum)
    case .tooLong(let maximum):
      formatted(
        localizedPlural("At most %d character", "At most %d characters", maximum),
        maximum)
    case .controlCharacter:
      localized("No control characters or line breaks")
    case .containsSeparator(let separator):
      formatted(localized("Cannot contain “%s”, which separates the output"), separator)
    case .patternMismatch(let hint):
      hint ?? localized("Not in the expected format")
    }
  }

  /// All of a field's issues, one per line; empty when there are none.
  static func text(for issues: [FieldIssue]) -> String {
    issues.map(text(for:)).joined(separator: "\n")
  }
}
