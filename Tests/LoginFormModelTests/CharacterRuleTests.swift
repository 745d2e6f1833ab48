import LoginFormModel
import Testing

/// Characters a person cannot see, or that reorder text, in usernames; and
/// byte limits for receivers that count bytes.
@Suite struct CharacterRuleTests {
  private func usernameIssues(_ name: String) -> [FieldIssue] {
    LoginForm(username: name).issues(of: .username)
  }

  @Test(
    "An invisible or reordering character in the username is an issue",
    arguments: [
      "\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}\u{200B}", "alice\u{200B}b", "\u{FEFF}alice.b",
      "alice\u{202E}bob", "ali\u{2066}ce.b\u{2069}", "alice\u{200E}b", "bob\u{2060}bie",
      "al\u{AD}iceb", "\u{3164}\u{3164}\u{3164}\u{3164}\u{3164}\u{3164}", "alice\u{200D}b",
      "abcdef\u{200C}", "\u{FE0F}abcdef",
    ])
  func anInvisibleCharacterIsAnIssue(name: String) {
    #expect(
      usernameIssues(name).contains(.invisibleCharacter), "\(name.unicodeScalars.map(\.value))")
  }

  @Test(
    "Emoji sequences, variation selectors and script joiners stay valid",
    arguments: [
      "👨‍👩‍👧‍👦alice", "🏳️‍🌈bobbie", "carol1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿dave.b", "✌️✌️✌️✌️✌️✌️",
      "نامه‌ها", "क्‍षत्रिय", "葛\u{E0100}飾区葛飾区",
    ])
  func emojiAndShapingJoinersAreValid(name: String) {
    #expect(
      !usernameIssues(name).contains(.invisibleCharacter), "\(name.unicodeScalars.map(\.value))")
  }

  @Test func passwordsMayHoldInvisibleCharacters() {
    let form = LoginForm(username: "abcdef", password: "\u{200B}\u{202E}abcdefg")
    #expect(form.isValid)
  }

  @Test func aByteLimitCountsUTF8Bytes() throws {
    let rules = FormRules(
      username: try FieldRules(minimumLength: 0),
      password: try FieldRules(minimumLength: 1, maximumBytes: 255))
    let form = LoginForm(
      shape: .passwordOnly, rules: rules, password: String(repeating: "a", count: 255))
    #expect(form.isValid)
    form.password = String(repeating: "a", count: 256)
    #expect(form.issues(of: .password) == [.tooManyBytes(maximum: 255, actual: 256)])
    // 128 two-byte characters are well under 256 characters, but 256 bytes.
    form.password = String(repeating: "é", count: 128)
    #expect(form.issues(of: .password) == [.tooManyBytes(maximum: 255, actual: 256)])
  }

  @Test func aHugeSecretIsJudgedOnlyUpToTheMaximum() {
    let huge = String(repeating: "x", count: 1 << 20) + "\n"
    let form = LoginForm(username: "abcdef", password: huge)
    #expect(form.issues(of: .password) == [.tooLong(maximum: 256)])
  }
}
