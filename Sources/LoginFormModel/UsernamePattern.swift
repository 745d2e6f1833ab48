/// A caller-given regular expression that a whole value must match.
public struct UsernamePattern {
  /// The pattern as the caller wrote it.
  public let source: String
  /// The caller's words for what the pattern expects, shown when it fails.
  public let hint: String?
  private let regex: Regex<AnyRegexOutput>

  /// Compiles `source` now, so that a bad pattern is reported when the rules
  /// are built rather than silently failing every value later.
  public init(_ source: String, hint: String? = nil) throws(RulesError) {
    do {
      regex = try Regex(source)
    } catch {
      throw .invalidPattern(pattern: source, reason: "\(error)")
    }
    self.source = source
    self.hint = hint
  }

  /// Whether `value` matches the pattern from its first to its last character.
  public func matches(_ value: Substring) -> Bool {
    value.wholeMatch(of: regex) != nil
  }
}
