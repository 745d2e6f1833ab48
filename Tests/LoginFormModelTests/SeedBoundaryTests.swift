import LoginFormModel
import Testing

@Suite struct SeedBoundaryTests {
  @Test(
    "A username of 6 and a password of 7 characters is the shortest valid pair",
    arguments: [
      ("abcde", "abcdef", false),
      ("abcde", "abcdefg", false),
      ("abcdef", "abcdef", false),
      ("abcdef", "abcdefg", true),
    ])
  func theSeedRuleHoldsAtItsBoundaries(username: String, password: String, valid: Bool) {
    let form = LoginForm(username: username, password: password)
    #expect(form.isValid == valid)
    #expect(form.submit() == valid)
  }

  @Test func anEmptyFormIsInvalidAndReportsWhatIsMissing() {
    let form = LoginForm()
    #expect(!form.isValid)
    #expect(form.issues(of: .username) == [.tooShort(minimum: 6, missing: 6)])
    #expect(form.issues(of: .password) == [.tooShort(minimum: 7, missing: 7)])
  }

  @Test func theMissingCountShrinksAsTheUserTypes() {
    let form = LoginForm()
    form.username = "bob"
    #expect(form.issues(of: .username) == [.tooShort(minimum: 6, missing: 3)])
    form.password = "secret"
    #expect(form.issues(of: .password) == [.tooShort(minimum: 7, missing: 1)])
  }

  @Test func theDefaultMaximumIs256Characters() {
    let form = LoginForm(password: "abcdefg")
    form.username = String(repeating: "a", count: 256)
    #expect(form.isValid)
    form.username = String(repeating: "a", count: 257)
    #expect(form.issues(of: .username) == [.tooLong(maximum: 256)])
    #expect(!form.isValid)
  }

  @Test func credentialsCarryTheTrimmedUsernameAndTheExactPassword() {
    let form = LoginForm(username: "  alice.b \t", password: " pass word ")
    #expect(form.judgedUsername == "alice.b")
    #expect(form.output(.lines) == "alice.b\n pass word \n")
  }
}
