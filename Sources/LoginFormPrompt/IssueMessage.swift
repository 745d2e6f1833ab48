import LoginFormModel

/// Words for the model's rules and issues, in the user's language,
/// addressed to the person typing.
package enum IssueMessage {
  /// The requirement said before the user types ("At least 6
  /// characters", the caller's pattern hint, or both), or nil when there is
  /// none worth saying: a repeat must only match, and "at least 1" is what
  /// an empty field's "Required" says.
  package static func requirement(of field: Field, rules: FieldRules) -> String? {
    guard field != .passwordRepeat else { return nil }
    let length =
      rules.minimumLength > 1
      ? formatted(
        localizedPlural("At least %d character", "At least %d characters", rules.minimumLength),
        rules.minimumLength) : nil
    switch (length, rules.pattern?.hint) {
    case (let length?, let hint?):
      // TRANSLATORS: a length requirement, then the caller's description
      // of the expected format ("At least 6 characters · Lowercase letters").
      return formatted(localized("%s · %s"), length, hint)
    case (let length, let hint): return length ?? hint
    }
  }

  /// One line that says what `issue` means and how to fix it;
  /// `mismatchText` replaces the default wording of `.doesNotMatch`.
  package static func text(for issue: FieldIssue, mismatchText: String? = nil) -> String {
    switch issue {
    case .tooShort(let minimum, let missing) where minimum == 1 && missing == 1:
      // TRANSLATORS: a field message: the field must not be empty.
      localized("Required")
    case .tooShort(let minimum, let missing) where missing == minimum:
      // Nothing typed yet: "6 more (at least 6)" would say the rule twice.
      formatted(
        localizedPlural("At least %d character", "At least %d characters", minimum), minimum)
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
      // TRANSLATORS: a field message; %s is the output separator the caller chose.
      formatted(localized("Cannot contain “%s”"), separator)
    case .endsWithSeparatorStart(_, let suffix):
      // TRANSLATORS: a field message; %s is the start of the output separator.
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
