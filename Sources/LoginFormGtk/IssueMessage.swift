import LoginFormModel

/// Words for the model's issues, in the user's language, addressed to the
/// person typing.
enum IssueMessage {
  /// One line that says what `issue` means and how to fix it;
  /// `mismatchText` replaces the default wording of `.doesNotMatch`.
  static func text(for issue: FieldIssue, mismatchText: String? = nil) -> String {
    switch issue {
    case .tooShort(let minimum, let missing) where minimum == 1 && missing == 1:
      localized("Required")
    case .tooShort(let minimum, let missing):
      formatted(
        localizedPlural(
          "%d more character needed (at least %d)",
          "%d more characters needed (at least %d)", missing),
        missing, minimum)
    case .tooLong(let maximum):
      formatted(localizedPlural("At most %d character", "At most %d characters", maximum), maximum)
    case .tooManyBytes(let maximum, let actual):
      formatted(
        localizedPlural(
          "Too long by %d byte (at most %d)", "Too long by %d bytes (at most %d)", actual - maximum),
        actual - maximum, maximum)
    case .controlCharacter:
      localized("No control characters or line breaks")
    case .invisibleCharacter:
      localized("No invisible or text-reordering characters")
    case .containsSeparator(let separator):
      formatted(localized("Cannot contain “%s”"), separator)
    case .endsWithSeparatorStart(_, let suffix):
      formatted(localized("Cannot end with “%s”"), suffix)
    case .patternMismatch(let hint):
      hint ?? localized("Not in the expected format")
    case .patternTooComplex:
      localized("The pattern is too complex to check")
    case .doesNotMatch:
      mismatchText ?? localized("Does not match the password")
    }
  }
}
