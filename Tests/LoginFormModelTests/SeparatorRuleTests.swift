import LoginFormModel
import Testing

/// With one-line output, the username must not contain the separator, so
/// that splitting at the first separator always finds the real boundary.
@Suite struct SeparatorRuleTests {
  private func form(separator: String, username: String) throws -> LoginForm {
    LoginForm(
      rules: FormRules(
        username: try FieldRules(minimumLength: 6, separator: separator),
        password: try FieldRules(minimumLength: 7)),
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
    let output = OutputFormat.separated(by: "|").encode(form.credentials!)
    #expect(output == "annsmith|pass|word\n")
  }

  @Test func aSeparatorFollowedByACombiningMarkIsStillFound() throws {
    let form = try form(separator: "|", username: "annsm|\u{301}ith")
    #expect(form.issues(of: .username) == [.containsSeparator("|")])
  }

  @Test func aMultiCharacterSeparatorIsMatchedWhole() throws {
    #expect(try form(separator: "::", username: "ann:smith").isValid)
    #expect(try form(separator: "::", username: "ann:smith").issues(of: .username) == [])
    #expect(
      try form(separator: "::", username: "ann::smith").issues(of: .username) == [
        .containsSeparator("::")
      ])
  }

  @Test func anEmptySeparatorRefusesNothing() throws {
    #expect(try FieldRules(minimumLength: 0, separator: "").separator == nil)
  }
}
