import CGtk
import LoginFormModel
import XCTest

@testable import LoginFormGtk

/// Username patterns run through GRegex with a match limit: no pattern can
/// freeze the window, and an undecidable match is an issue, never a pass.
final class PatternTests: XCTestCase {
  private func verdict(_ pattern: String, _ value: String) throws -> UsernamePattern.Verdict {
    try BoundedPattern.compile(pattern, hint: nil).get().verdict(on: value[...])
  }

  /// The patterns the review used to freeze the old prompt, on inputs up to
  /// the entry's cap: each is decided, or given up on at the match limit (a
  /// count of steps, which is what bounds the time; a freeze would hang here).
  func testHostilePatternsAreDecidedOrGivenUpOn() throws {
    let cases: [(String, String)] = [
      ("(a+)+$", String(repeating: "a", count: 30) + "!"),
      ("(a+)+$", String(repeating: "a", count: 2047) + "!"),
      (#"([a-zA-Z0-9]+[._-]?)+@example\.com"#, String(repeating: "a", count: 20)),
      (#"([a-zA-Z0-9]+[._-]?)+@example\.com"#, String(repeating: "a1.", count: 682)),
      ("(a|aa)+$", String(repeating: "a", count: 2047) + "b"),
      ("(.*a){25}", String(repeating: "a", count: 2048)),
    ]
    for (pattern, value) in cases {
      XCTAssertNotEqual(try verdict(pattern, value), .match, "\(pattern) on \(value.count)")
    }
  }

  func testAMatchTooComplexToDecideIsUndecidable() throws {
    XCTAssertEqual(try verdict("(a+)+$", String(repeating: "a", count: 30) + "!"), .undecidable)
  }

  func testThePatternMustMatchTheWholeValueWithBacktracking() throws {
    XCTAssertEqual(try verdict("[a-z]+", "alice"), .match)
    XCTAssertEqual(try verdict("[a-z]+", "alice!"), .mismatch)
    XCTAssertEqual(try verdict("a|ab", "ab"), .match, "a whole match, not the first alternative")
    XCTAssertEqual(try verdict("b", "ab"), .mismatch, "anchored at the start")
    XCTAssertEqual(try verdict("[a-z]+$", "alice\n"), .mismatch, "no match before a final newline")
    XCTAssertEqual(try verdict(#"\p{L}+"#, "zoë"), .match, "UTF-8 and Unicode classes")
  }

  func testAnInvalidPatternIsRefusedWithPCREsReason() {
    for pattern in ["[a-z", "a)(b", "(*LIMIT_MATCH=9)x"] {
      XCTAssertThrowsError(try BoundedPattern.compile(pattern, hint: nil).get(), pattern) { error in
        let reason = (error as? BoundedPattern.Invalid)?.reason ?? ""
        XCTAssertFalse(reason.isEmpty)
        XCTAssertFalse(reason.contains("\n"), reason)
      }
    }
  }
}
