import LoginFormModel
import Testing

@Suite struct CallerRulesTests {
  private func rules(
    username: FieldRules? = nil, password: FieldRules? = nil
  ) throws -> FormRules {
    FormRules(
      username: try username ?? FieldRules(minimumLength: 6),
      password: try password ?? FieldRules(minimumLength: 7))
  }

  @Test func aCallerMinimumReplacesTheDefault() throws {
    let form = LoginForm(rules: try rules(username: FieldRules(minimumLength: 2)))
    form.username = "a"
    form.password = "abcdefg"
    #expect(form.issues(of: .username) == [.tooShort(minimum: 2, missing: 1)])
    form.username = "ab"
    #expect(form.isValid)
  }

  @Test func aMinimumOfZeroAcceptsAnEmptyValue() throws {
    let form = LoginForm(
      rules: try rules(
        username: FieldRules(minimumLength: 0), password: FieldRules(minimumLength: 0)))
    #expect(form.isValid)
  }

  @Test func aCallerMaximumIsEnforcedInCharacters() throws {
    let form = LoginForm(rules: try rules(password: FieldRules(minimumLength: 1, maximumLength: 3)))
    form.username = "abcdef"
    form.password = "e\u{301}e\u{301}e\u{301}"
    #expect(form.isValid)
    form.password += "x"
    #expect(form.issues(of: .password) == [.tooLong(maximum: 3)])
  }

  @Test func impossibleBoundsAreRejectedWhenTheRulesAreBuilt() {
    #expect(throws: RulesError.negativeMinimum(-1)) { try FieldRules(minimumLength: -1) }
    #expect(throws: RulesError.nonPositiveMaximum(0)) {
      try FieldRules(minimumLength: 0, maximumLength: 0)
    }
    #expect(throws: RulesError.minimumAboveMaximum(minimum: 9, maximum: 8)) {
      try FieldRules(minimumLength: 9, maximumLength: 8)
    }
    #expect(throws: RulesError.nonPositiveByteLimit(0)) {
      try FieldRules(minimumLength: 0, maximumBytes: 0)
    }
  }

  @Test func aMatchingPatternPasses() throws {
    let pattern = try UsernamePattern("[a-z][a-z0-9_]*", hint: "lower-case letters and digits")
    let form = LoginForm(
      rules: try rules(username: FieldRules(minimumLength: 6, pattern: pattern)),
      username: "alice_42", password: "abcdefg")
    #expect(form.isValid)
  }

  @Test func aPatternMustMatchTheWholeTrimmedUsername() throws {
    let pattern = try UsernamePattern("[a-z]+", hint: "lower-case letters only")
    let form = LoginForm(
      rules: try rules(username: FieldRules(minimumLength: 6, pattern: pattern)),
      username: "  alice  ", password: "abcdefg")
    #expect(form.issues(of: .username) == [.tooShort(minimum: 6, missing: 1)])
    form.username = "  alicia  "
    #expect(form.isValid)
    form.username = "alicia!"
    #expect(form.issues(of: .username) == [.patternMismatch(hint: "lower-case letters only")])
  }

  @Test func aMismatchWithoutAHintCarriesNone() throws {
    let pattern = try UsernamePattern("[0-9]+")
    let form = LoginForm(
      rules: try rules(username: FieldRules(minimumLength: 1, pattern: pattern)),
      username: "abc", password: "abcdefg")
    #expect(form.issues(of: .username) == [.patternMismatch(hint: nil)])
  }

  @Test func anUndecidableMatchIsAnIssueNeverAPass() throws {
    let pattern = UsernamePattern(source: "(a+)+$") { _ in .undecidable }
    let form = LoginForm(
      rules: try rules(username: FieldRules(minimumLength: 1, pattern: pattern)),
      username: "aaaa", password: "abcdefg")
    #expect(form.issues(of: .username) == [.patternTooComplex])
    #expect(!form.isValid)
  }

  @Test func thePatternSeesTheTrimmedUsername() throws {
    var seen: [Substring] = []
    let pattern = UsernamePattern(source: "x") { value in
      seen.append(value)
      return .match
    }
    _ = LoginForm(
      rules: try rules(username: FieldRules(minimumLength: 1, pattern: pattern)),
      username: "  bob ", password: "abcdefg")
    #expect(seen == ["bob"])
  }

  @Test func aTooLongValueIsNotMatchedAgainstThePattern() throws {
    let pattern = try UsernamePattern("[a-z]+")
    let form = LoginForm(
      rules: try rules(username: FieldRules(minimumLength: 1, maximumLength: 4, pattern: pattern)),
      username: "ABCDEFGH", password: "abcdefg")
    #expect(form.issues(of: .username) == [.tooLong(maximum: 4)])
  }

  @Test func aHugeValueIsJudgedOnlyUpToTheMaximum() {
    let huge = String(repeating: "x", count: 1 << 20) + "\n"
    let form = LoginForm(username: "abcdef", password: huge)
    #expect(form.issues(of: .password) == [.tooLong(maximum: 256)])
  }
}
