import LoginFormTestSupport
import Testing

@testable import LoginFormModel

/// Forms without a username, without a password, and with the password
/// asked twice.
@Suite struct ShapeTests {
  private let anyLength = FormRules(
    username: try! FieldRules(minimumLength: 1), password: try! FieldRules(minimumLength: 1))

  @Test func aPasswordOnlyFormIsJudgedOnThePasswordAlone() {
    let form = LoginForm(shape: .passwordOnly, rules: anyLength)
    #expect(!form.isValid)
    #expect(form.issues(of: .username) == [])
    form.password = "abc"
    #expect(form.isValid)
  }

  @Test func aUsernameOnlyFormIsJudgedOnTheUsernameAlone() {
    let form = LoginForm(shape: .usernameOnly, rules: anyLength)
    #expect(!form.isValid)
    form.username = "bob"
    #expect(form.isValid)
    #expect(form.output(.lines) == "bob\n")
  }

  @Test func aRepeatThatDiffersKeepsTheFormInvalid() {
    let form = LoginForm(shape: .passwordOnly.repeatingPassword, rules: anyLength)
    form.password = "correct horse"
    form.passwordRepeat = "correct hors"
    #expect(form.issues(of: .passwordRepeat) == [.doesNotMatch])
    #expect(!form.isValid)
    form.passwordRepeat = "correct horse"
    #expect(form.issues(of: .passwordRepeat) == [])
    #expect(form.isValid)
  }

  @Test func changingThePasswordRejudgesTheRepeat() {
    let form = LoginForm(
      shape: .passwordOnly.repeatingPassword, rules: anyLength, password: "abc",
      passwordRepeat: "abc")
    #expect(form.isValid)
    form.password = "abcd"
    #expect(form.issues(of: .passwordRepeat) == [.doesNotMatch])
    #expect(!form.isValid)
  }

  @Test func theRepeatIsComparedByteForByteNotByCanonicalEquivalence() {
    // "é" precomposed and decomposed are equal as Swift Strings, but the
    // agent and the server compare bytes.
    let form = LoginForm(
      shape: .passwordOnly.repeatingPassword, rules: anyLength, password: "caf\u{E9}",
      passwordRepeat: "cafe\u{301}")
    #expect(form.issues(of: .passwordRepeat) == [.doesNotMatch])
  }

  @Test func aRepeatBeingTypedSaysTheSameWhetherOrNotItIsTheStartOfThePassword() {
    let form = LoginForm(
      shape: .passwordOnly.repeatingPassword, rules: anyLength, password: "hunter22")
    form.leave(.password)
    let hint = FieldFeedback(issue: .doesNotMatch, isError: false)
    // Probing a character at a time, as an oracle would.
    for guess in ["h", "hu", "hx", "hun", "hunx", "zzzz", "hunter2", "hunter222"] {
      form.passwordRepeat = guess
      #expect(form.feedback(of: .passwordRepeat) == hint, "\(guess)")
    }
    form.passwordRepeat = "hunter22"
    #expect(form.feedback(of: .passwordRepeat) == nil, "equal: nothing to say")
  }

  @Test func aSettledRepeatIsJudgedOnItsWholeValueLive() {
    let form = LoginForm(
      shape: .passwordOnly.repeatingPassword, rules: anyLength, password: "hunter22")
    form.passwordRepeat = "hunt"
    form.leave(.passwordRepeat)
    let error = FieldFeedback(issue: .doesNotMatch, isError: true)
    #expect(form.feedback(of: .passwordRepeat) == error)
    form.passwordRepeat = "hunter2"
    #expect(form.feedback(of: .passwordRepeat) == error, "a start is still not a match")
    form.passwordRepeat = "hunter22"
    #expect(form.feedback(of: .passwordRepeat) == nil)
    form.passwordRepeat = "hunter22x"
    #expect(form.feedback(of: .passwordRepeat) == error, "and it stays judged")
  }

  @Test func anUntouchedRepeatSaysNothingEvenThoughItDiffers() {
    let form = LoginForm(shape: .passwordOnly.repeatingPassword, rules: anyLength, password: "abc")
    #expect(form.issues(of: .passwordRepeat) == [.doesNotMatch])
    #expect(form.feedback(of: .passwordRepeat) == nil)
    #expect(form.submit() == false)
    #expect(
      form.feedback(of: .passwordRepeat) == FieldFeedback(issue: .doesNotMatch, isError: true))
  }

  @Test func repeatedValidityFlipsAreAnnouncedOncePerChange() {
    let form = LoginForm(shape: .passwordOnly.repeatingPassword, rules: anyLength)
    var seen: [Bool] = []
    let token = form.observeValidity { seen.append($0) }
    form.password = "ab"
    form.passwordRepeat = "a"
    form.passwordRepeat = "ab"
    form.passwordRepeat = "ab"
    form.password = "abc"
    #expect(seen == [false, true, false])
    token.cancel()
  }

  @Test func theFormReadsTheSecretItWasLastGiven() {
    let form = LoginForm(shape: .passwordOnly, rules: anyLength)
    let first = TestSecret("first")
    form.update(.password, from: first)
    form.update(.password, from: TestSecret("second"))
    #expect(form.password == "second")
  }
}
