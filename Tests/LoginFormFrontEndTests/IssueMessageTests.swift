import LoginFormModel
import LoginFormPrompt
import Testing

@Suite struct IssueMessageTests {
  @Test func countsUseTheRightPluralForm() {
    #expect(
      IssueMessage.text(for: .tooShort(minimum: 6, missing: 1))
        == "1 more character needed (at least 6)")
    #expect(
      IssueMessage.text(for: .tooShort(minimum: 7, missing: 2))
        == "2 more characters needed (at least 7)")
    #expect(IssueMessage.text(for: .tooLong(maximum: 1)) == "At most 1 character")
    #expect(IssueMessage.text(for: .tooLong(maximum: 256)) == "At most 256 characters")
    #expect(
      IssueMessage.text(for: .tooManyBytes(maximum: 255, actual: 256))
        == "Too long by 1 byte (at most 255)")
  }

  @Test func anEmptyRequiredFieldSaysSoPlainly() {
    #expect(IssueMessage.text(for: .tooShort(minimum: 1, missing: 1)) == "Required")
  }

  @Test func anEmptyFieldSaysJustTheRuleNotTheRuleTwice() {
    #expect(IssueMessage.text(for: .tooShort(minimum: 6, missing: 6)) == "At least 6 characters")
    #expect(IssueMessage.text(for: .tooShort(minimum: 2, missing: 2)) == "At least 2 characters")
  }

  @Test func thePatternMessageIsTheCallersHint() {
    #expect(
      IssueMessage.text(for: .patternMismatch(hint: "Use your staff ID")) == "Use your staff ID")
    #expect(IssueMessage.text(for: .patternMismatch(hint: nil)) == "Not in the expected format")
    #expect(IssueMessage.text(for: .patternTooComplex) == "The pattern is too complex to check")
  }

  @Test func separatorMessagesSpeakToThePersonTyping() {
    #expect(IssueMessage.text(for: .containsSeparator("|")) == "Cannot contain “|”")
    #expect(
      IssueMessage.text(for: .endsWithSeparatorStart(separator: "::", suffix: ":"))
        == "Cannot end with “:”")
  }

  @Test func theMismatchTextCanComeFromTheCaller() {
    #expect(IssueMessage.text(for: .doesNotMatch) == "Does not match the password")
    #expect(
      IssueMessage.text(for: .doesNotMatch, mismatchText: "does not match - try again")
        == "does not match - try again")
  }

  @Test func eachFieldsRequirementIsSaidBeforeTyping() throws {
    let rules = FormRules()
    #expect(
      IssueMessage.requirement(of: .username, rules: rules.username) == "At least 6 characters")
    #expect(
      IssueMessage.requirement(of: .password, rules: rules.password) == "At least 7 characters")
    #expect(
      IssueMessage.requirement(of: .passwordRepeat, rules: rules.password) == nil,
      "a repeat has only to match")
    let one = try FieldRules(minimumLength: 1)
    #expect(IssueMessage.requirement(of: .password, rules: one) == nil, "empty says Required")
    let two = try FieldRules(minimumLength: 2)
    #expect(IssueMessage.requirement(of: .username, rules: two) == "At least 2 characters")
  }

  @Test func formattingFillsPositionalAndSequentialConversions() {
    #expect(formatted("%s and %d", "a", 2) == "a and 2")
    #expect(formatted("%2$s before %1$s", "x", "y") == "y before x")
    #expect(formatted("100%% of %s", "it") == "100% of it")
    #expect(formatted("%s %s", "only") == "only %s", "a missing argument is left visible")
  }
}
