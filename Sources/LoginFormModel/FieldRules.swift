/// What one field's value must satisfy.
public struct FieldRules {
  /// The fewest characters (grapheme clusters) accepted.
  public let minimumLength: Int
  /// The most characters (grapheme clusters) accepted.
  public let maximumLength: Int
  /// The most UTF-8 bytes accepted, if the value's receiver has such a limit
  /// (GnuPG's 255, ssh's 1023).
  public let maximumBytes: Int?
  /// A pattern the whole value must match, if any. Usernames only.
  public let pattern: UsernamePattern?
  /// The text that separates the username from the password in one-line
  /// output. Usernames only.
  public let separator: String?
  /// Whether invisible and reordering characters are refused. Usernames
  /// only: a password may hold anything but controls.
  public let refusesInvisibleCharacters: Bool

  /// The maximum used when the caller sets none: long enough for any real
  /// credential, short enough to keep every check cheap.
  public static let defaultMaximumLength = 256

  /// Builds rules, rejecting bounds that no value could meet.
  public init(
    minimumLength: Int,
    maximumLength: Int = FieldRules.defaultMaximumLength,
    maximumBytes: Int? = nil,
    pattern: UsernamePattern? = nil,
    separator: String? = nil,
    refusesInvisibleCharacters: Bool = false
  ) throws(RulesError) {
    guard minimumLength >= 0 else { throw .negativeMinimum(minimumLength) }
    guard maximumLength >= 1 else { throw .nonPositiveMaximum(maximumLength) }
    guard minimumLength <= maximumLength else {
      throw .minimumAboveMaximum(minimum: minimumLength, maximum: maximumLength)
    }
    if let maximumBytes, maximumBytes < 1 { throw .nonPositiveByteLimit(maximumBytes) }
    self.minimumLength = minimumLength
    self.maximumLength = maximumLength
    self.maximumBytes = maximumBytes
    self.pattern = pattern
    self.separator = separator.flatMap { $0.isEmpty ? nil : $0 }
    self.refusesInvisibleCharacters = refusesInvisibleCharacters
  }

  /// The issues of a clear-text value, in no particular order: length,
  /// characters, separator, pattern.
  ///
  /// Counting stops once both bounds are decided, so the cost is
  /// O(min(length, maximum)) whatever the size of `value`. Past the maximum
  /// the value is already rejected, so characters are checked only in the
  /// part that was counted and the pattern is not run.
  public func issues(of value: Substring) -> [FieldIssue] {
    let scan = ValueScan.scan(
      value.unicodeScalars, limit: maximumLength, checksVisibility: refusesInvisibleCharacters)
    var issues = issues(of: scan, byteCount: value.utf8.count)
    guard scan.characters <= maximumLength else { return issues }
    if let separator, let issue = Self.separatorIssue(value, separator) {
      issues.append(issue)
    }
    if let pattern {
      switch pattern.verdict(on: value) {
      case .match: break
      case .mismatch: issues.append(.patternMismatch(hint: pattern.hint))
      case .undecidable: issues.append(.patternTooComplex)
      }
    }
    return issues
  }

  /// The issues of a secret, read from its UTF-8 bytes in place. Patterns
  /// and separators do not apply to secrets.
  public func issues(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [FieldIssue] {
    let scan = ValueScan.scan(
      UTF8Scalars(bytes), limit: maximumLength, checksVisibility: refusesInvisibleCharacters)
    return issues(of: scan, byteCount: bytes.count)
  }

  private func issues(of scan: ValueScan, byteCount: Int) -> [FieldIssue] {
    var issues: [FieldIssue] = []
    if scan.characters < minimumLength {
      issues.append(.tooShort(minimum: minimumLength, missing: minimumLength - scan.characters))
    } else if scan.characters > maximumLength {
      issues.append(.tooLong(maximum: maximumLength))
    }
    if let maximumBytes, byteCount > maximumBytes {
      issues.append(.tooManyBytes(maximum: maximumBytes, actual: byteCount))
    }
    if scan.hasControl { issues.append(.controlCharacter) }
    if scan.hasInvisible { issues.append(.invisibleCharacter) }
    return issues
  }

  /// The rule that makes one-line output split in the right place: in
  /// `value + separator`, the first occurrence of the separator must start
  /// right after `value`. It fails when the separator occurs inside the
  /// value, and also when the value ends with the start of the separator
  /// (`alice:` with `::` prints `alice:::…`, which splits after `alice`).
  ///
  /// Compared as UTF-8, not as Characters: a separator followed by a
  /// combining mark forms another Character, yet its bytes still split the
  /// output.
  static func separatorIssue(_ value: Substring, _ separator: String) -> FieldIssue? {
    let value = value.utf8
    let separatorBytes = Array(separator.utf8)
    if value.firstRange(of: separatorBytes) != nil { return .containsSeparator(separator) }
    // An earlier occurrence would start inside the value's last k bytes
    // (0 < k < separator length) and run on into the appended separator: the
    // value ends with the separator's first k bytes, and the separator's
    // remaining bytes repeat its own beginning. The largest k is the first
    // such occurrence.
    let length = separatorBytes.count
    for k in stride(from: min(length - 1, value.count), through: 1, by: -1)
    where value.suffix(k).elementsEqual(separatorBytes.prefix(k))
      && separatorBytes[k...].elementsEqual(separatorBytes.prefix(length - k))
    {
      return .endsWithSeparatorStart(
        separator: separator, suffix: String(decoding: value.suffix(k), as: UTF8.self))
    }
    return nil
  }
}
