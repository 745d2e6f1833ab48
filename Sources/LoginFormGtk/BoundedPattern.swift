import CGtk
import LoginFormModel

/// Username patterns matched by GLib's GRegex (PCRE2), with a match limit
/// low enough that no pattern and no input can freeze the window: a match
/// that needs more backtracking than the limit is "undecidable", which the
/// form shows as an issue instead of hanging or passing silently.
///
/// Swift's `Regex` backtracks without limit on the main thread; `(a+)+$`
/// against 30 `a` and a `!` kept the old prompt busy for minutes.
package enum BoundedPattern {
  /// Backtracking steps allowed per match: about 10 ms of the worst patterns
  /// measured here, and far more than any sensible username pattern needs.
  static let matchLimit = 1_000_000
  /// Nesting allowed per match, for the same reason.
  static let depthLimit = 100_000

  /// Why a pattern is not one: PCRE's message.
  package struct Invalid: Error, Equatable {
    package let reason: String
  }

  /// Compiles `source` (PCRE syntax) so that it must match the whole trimmed
  /// username, or says why it is not a valid pattern.
  package static func compile(_ source: String, hint: String?) -> Result<UsernamePattern, Invalid> {
    // Checked alone first, so that the error speaks of the caller's pattern
    // and unbalanced parentheses cannot pair up with the wrapper's.
    switch compileRegex(source) {
    case .failure(let invalid): return .failure(invalid)
    case .success(let regex): regex.release()
    }
    // PCRE2 accepts lower limits at the very start of a pattern; the group
    // and \z make the match cover the whole value, with backtracking into
    // alternatives (an anchored search alone would accept `a` of `a|ab`).
    let whole = "(*LIMIT_MATCH=\(matchLimit))(*LIMIT_DEPTH=\(depthLimit))(?:\(source))\\z"
    return compileRegex(whole).map { regex in
      UsernamePattern(source: source, hint: hint) { value in regex.verdict(on: value) }
    }
  }

  private static func compileRegex(_ pattern: String) -> Result<CompiledRegex, Invalid> {
    var error: UnsafeMutablePointer<GError>?
    guard let regex = g_regex_new(pattern, G_REGEX_OPTIMIZE, GRegexMatchFlags(0), &error) else {
      return .failure(Invalid(reason: takeMessage(error)))
    }
    return .success(CompiledRegex(regex))
  }
}

/// Owns a GRegex; the model keeps the matcher for as long as its rules live.
private final class CompiledRegex {
  private var regex: OpaquePointer?

  init(_ regex: OpaquePointer) {
    self.regex = regex
  }

  func release() {
    g_regex_unref(regex)
    regex = nil
  }

  func verdict(on value: Substring) -> UsernamePattern.Verdict {
    let text = String(value)
    var error: UnsafeMutablePointer<GError>?
    let matched = text.withCString { pointer in
      g_regex_match_full(
        regex, pointer, gssize(text.utf8.count), 0, G_REGEX_MATCH_ANCHORED, nil, &error)
    }
    if let error {
      // Only the limits make a valid pattern fail on valid UTF-8.
      g_error_free(error)
      return .undecidable
    }
    return matched != 0 ? .match : .mismatch
  }

  deinit {
    if let regex { g_regex_unref(regex) }
  }
}
