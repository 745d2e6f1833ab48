import LoginFormModel
import LoginFormTestSupport
import Testing

/// With one-line output, the first separator in the line must end the
/// username, so that splitting there (`${line%%SEP*}`, `${line#*SEP}`)
/// always gives back what was typed.
@Suite struct SeparatorRuleTests {
  private func form(separator: String, username: String) throws -> LoginForm {
    LoginForm(
      rules: FormRules(
        username: try FieldRules(minimumLength: 1, separator: separator),
        password: try FieldRules(minimumLength: 1)),
      username: username, password: "pass|word")
  }

  @Test func aUsernameContainingTheSeparatorIsRefused() throws {
    let form = try form(separator: "|", username: "ann|smith")
    #expect(form.issues(of: .username) == [.containsSeparator("|")])
    #expect(!form.isValid)
  }

  @Test func thePasswordMayContainTheSeparator() throws {
    let form = try form(separator: "|", username: "annsmith")
    #expect(form.isValid)
    #expect(form.output(.separated(by: "|")) == "annsmith|pass|word\n")
  }

  @Test func aSeparatorFollowedByACombiningMarkIsStillFound() throws {
    let form = try form(separator: "|", username: "annsm|\u{301}ith")
    #expect(form.issues(of: .username) == [.containsSeparator("|")])
  }

  @Test func aMultiCharacterSeparatorIsMatchedWhole() throws {
    #expect(try form(separator: "::", username: "ann:smith").isValid)
    #expect(
      try form(separator: "::", username: "ann::smith").issues(of: .username) == [
        .containsSeparator("::")
      ])
  }

  @Test(
    "A username ending with the start of a self-overlapping separator is refused",
    arguments: [
      ("::", "alice:", ":"), ("||", "bob|", "|"), ("--", "carol-", "-"), ("  ", "dave ", nil),
      ("aba", "xab", "ab"), ("aaa", "xaa", "aa"), ("abab", "xab", "ab"),
    ])
  func aUsernameEndingWithTheSeparatorsStartIsRefused(
    separator: String, username: String, suffix: String?
  ) throws {
    let issues = try form(separator: separator, username: username).issues(of: .username)
    if let suffix {
      #expect(issues == [.endsWithSeparatorStart(separator: separator, suffix: suffix)])
    } else {
      // A username is judged without trailing spaces, so "dave " is "dave".
      #expect(issues == [])
    }
  }

  @Test func anEndThatCannotRunIntoTheSeparatorIsAccepted() throws {
    // "ab" cannot overlap itself: "xa" + "ab" has its first "ab" at the join.
    #expect(try form(separator: "ab", username: "xa").isValid)
    #expect(try form(separator: "::", username: "alice").isValid)
  }

  @Test func anEmptySeparatorRefusesNothing() throws {
    #expect(try FieldRules(minimumLength: 0, separator: "").separator == nil)
  }

  /// The property itself, checked against the recipe rather than the
  /// model's reasoning: every accepted username splits back out of the real
  /// output, and every refused one would have split wrongly.
  @Test func everyAcceptedUsernameSplitsBackOutAndEveryRefusedOneWouldNot() throws {
    let separators = ["|", "::", "||", "--", "  ", ":-:", "aba", "abab", "a:a", "é", "e\u{301}"]
    var random = SeededGenerator(seed: 0x5E9A_7A7E)
    var accepted = 0
    var refused = 0
    for separator in separators {
      let alphabet = Array(Set(separator.unicodeScalars)) + ["x", "b", " ", "\u{301}"]
      for _ in 0..<3000 {
        let length = Int.random(in: 1...7, using: &random)
        let scalars = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
        let username = String(String.UnicodeScalarView(scalars))
        let form = try form(separator: separator, username: username)
        let trimmed = String(form.judgedUsername)
        let line = Array((trimmed + separator + "p" + separator + "w").utf8)
        let splitsRight =
          Self.firstOccurrence(of: Array(separator.utf8), in: line) == trimmed.utf8.count
        let separatorIssue = form.issues(of: .username).contains {
          switch $0 {
          case .containsSeparator, .endsWithSeparatorStart: true
          default: false
          }
        }
        try #require(
          separatorIssue == !splitsRight,
          "\(separator.debugDescription) \(username.debugDescription)")
        if splitsRight && form.isValid {
          let output = Array(form.output(.separated(by: separator)).utf8)
          let at = try #require(Self.firstOccurrence(of: Array(separator.utf8), in: output))
          #expect(Array(output[..<at]) == Array(trimmed.utf8))
          #expect(Array(output[(at + separator.utf8.count)...]) == Array("pass|word\n".utf8))
          accepted += 1
        } else {
          refused += 1
        }
      }
    }
    #expect(accepted > 1000 && refused > 1000)
  }

  /// The byte offset of the first occurrence, found the plain way.
  private static func firstOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    return (0...(haystack.count - needle.count)).first {
      Array(haystack[$0..<($0 + needle.count)]) == needle
    }
  }
}
