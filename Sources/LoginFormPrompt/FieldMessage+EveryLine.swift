import LoginFormModel

extension FieldMessage.Source {
  /// Every text the line of `field`, judged by `rules`, can show while the
  /// user types, except a checker's refusal (which is only known once it
  /// comes): a presenter keeps room for the longest, so that no message
  /// moves what is under it.
  ///
  /// Counts are taken at their widest (the most digits, both plural
  /// forms), since the room must hold any of them.
  package func everyLine(of field: Field, rules: FieldRules) -> [String] {
    var issues: [FieldIssue] = [.controlCharacter, .tooLong(maximum: rules.maximumLength)]
    if rules.minimumLength > 0 {
      let minimum = rules.minimumLength
      issues += [
        .tooShort(minimum: minimum, missing: 1), .tooShort(minimum: minimum, missing: minimum),
        .tooShort(minimum: minimum, missing: max(1, minimum - 1)),
      ]
    }
    if let bytes = rules.maximumBytes {
      // A value is counted up to one character past its maximum, of at
      // most four bytes each.
      let most = max(bytes + 1, 4 * (rules.maximumLength + 1))
      issues += [
        .tooManyBytes(maximum: bytes, actual: bytes + 1),
        .tooManyBytes(maximum: bytes, actual: most),
      ]
    }
    if rules.refusesInvisibleCharacters { issues.append(.invisibleCharacter) }
    if let separator = rules.separator {
      issues.append(.containsSeparator(separator))
      if separator.count > 1 {
        issues.append(
          .endsWithSeparatorStart(separator: separator, suffix: String(separator.dropLast())))
      }
    }
    if let pattern = rules.pattern {
      issues += [.patternMismatch(hint: pattern.hint), .patternTooComplex]
    }
    if field == .passwordRepeat { issues.append(.doesNotMatch) }
    let said = issues.map { IssueMessage.text(for: $0, mismatchText: mismatchText) }
    return said + [requirement, callerError, matchText].compactMap { $0 }
  }
}
