/// A caller-given pattern that the whole username must match.
///
/// The model does not compile or run patterns: the matcher comes from
/// outside (the GTK layer uses GLib's GRegex, whose match limits bound every
/// call), so the model stays standard-library only and a pattern can never
/// make it hang.
public struct UsernamePattern {
  /// What a bounded matcher concluded.
  public enum Verdict: Hashable, Sendable {
    /// The whole value matches.
    case match
    /// It does not.
    case mismatch
    /// The matcher gave up within its bounds.
    case undecidable
  }

  /// The pattern as the caller wrote it.
  public let source: String
  /// The caller's words for what the pattern expects, shown when it fails.
  public let hint: String?
  private let matcher: (Substring) -> Verdict

  /// Wraps a compiled pattern; `matcher` judges a whole value.
  public init(source: String, hint: String? = nil, matcher: @escaping (Substring) -> Verdict) {
    self.source = source
    self.hint = hint
    self.matcher = matcher
  }

  /// What the matcher says of `value`.
  public func verdict(on value: Substring) -> Verdict {
    matcher(value)
  }
}
