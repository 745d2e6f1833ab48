/// What one field's value must satisfy.
public struct FieldRules {
  /// The fewest characters (grapheme clusters) accepted.
  public let minimumLength: Int
  /// The most characters (grapheme clusters) accepted.
  public let maximumLength: Int
  /// A pattern the whole value must match, if any.
  public let pattern: UsernamePattern?
  /// Text the value must not contain: the output separator, for the username.
  public let separator: String?

  /// The maximum used when the caller sets none: long enough for any real
  /// credential, short enough to keep every check cheap.
  public static let defaultMaximumLength = 256

  /// Builds rules, rejecting bounds that no value could meet.
  public init(
    minimumLength: Int,
    maximumLength: Int = FieldRules.defaultMaximumLength,
    pattern: UsernamePattern? = nil,
    separator: String? = nil
  ) throws(RulesError) {
    guard minimumLength >= 0 else { throw .negativeMinimum(minimumLength) }
    guard maximumLength >= 1 else { throw .nonPositiveMaximum(maximumLength) }
    guard minimumLength <= maximumLength else {
      throw .minimumAboveMaximum(minimum: minimumLength, maximum: maximumLength)
    }
    self.minimumLength = minimumLength
    self.maximumLength = maximumLength
    self.pattern = pattern
    self.separator = separator.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The issues `value` has under these rules, in a fixed order: length,
  /// control characters, separator, pattern.
  ///
  /// Counting stops once both bounds are decided, so the cost is
  /// O(min(length, maximum)) whatever the size of `value`. Past the maximum
  /// the value is already rejected, so control characters are looked for only
  /// in the part that was counted and the pattern is not run.
  public func issues(of value: Substring) -> [FieldIssue] {
    var count = 0
    var hasControl = false
    for character in value {
      if !hasControl && character.unicodeScalars.contains(where: \.isLineBreaking) {
        hasControl = true
      }
      count += 1
      if count > maximumLength { break }
    }
    var issues: [FieldIssue] = []
    if count < minimumLength {
      issues.append(.tooShort(minimum: minimumLength, missing: minimumLength - count))
    } else if count > maximumLength {
      issues.append(.tooLong(maximum: maximumLength))
    }
    if hasControl { issues.append(.controlCharacter) }
    // Compared as UTF-8, not as Characters: a separator followed by a
    // combining mark forms another Character, yet its bytes still split the
    // output.
    if let separator, count <= maximumLength, value.utf8.firstRange(of: separator.utf8) != nil {
      issues.append(.containsSeparator(separator))
    }
    if let pattern, count <= maximumLength, !pattern.matches(value) {
      issues.append(.patternMismatch(hint: pattern.hint))
    }
    return issues
  }
}

extension Unicode.Scalar {
  /// C0 controls, DEL, C1 controls and the Unicode line and paragraph
  /// separators: the scalars that can end or corrupt a line of output.
  fileprivate var isLineBreaking: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    default: false
    }
  }
}
