import LoginFormModel
import Testing

/// "Reward early, punish late": what each field shows, and how loudly.
@Suite struct FeedbackTests {
  @Test func anUntouchedEmptyFormShowsNothing() {
    let form = LoginForm()
    #expect(form.feedback(of: .username) == nil)
    #expect(form.feedback(of: .password) == nil)
  }

  @Test func whileAFieldIsTypedForTheFirstTimeItsIssueIsAHint() {
    let form = LoginForm()
    form.username = "bo"
    #expect(
      form.feedback(of: .username)
        == FieldFeedback(issue: .tooShort(minimum: 6, missing: 4), isError: false))
    #expect(form.feedback(of: .password) == nil)
  }

  @Test func leavingTheFieldTurnsTheHintIntoAnError() {
    let form = LoginForm()
    form.username = "bo"
    form.leave(.username)
    #expect(
      form.feedback(of: .username)
        == FieldFeedback(issue: .tooShort(minimum: 6, missing: 4), isError: true))
    form.username = "bob"
    #expect(form.feedback(of: .username)?.isError == true, "once settled, stays an error")
  }

  @Test func theMessageClearsTheMomentTheValueIsValid() {
    let form = LoginForm()
    form.username = "bo"
    form.leave(.username)
    form.username = "bobbie"
    #expect(form.feedback(of: .username) == nil)
  }

  @Test func leavingAnUntouchedFieldDoesNotNag() {
    let form = LoginForm()
    form.leave(.username)
    #expect(form.feedback(of: .username) == nil)
    #expect(!form.isSettled(.username))
  }

  @Test func aFieldIsSettledOnceLeftAfterEditingWhateverItsValue() {
    let form = LoginForm()
    form.username = "bobbie"
    #expect(!form.isSettled(.username), "still being typed")
    form.leave(.username)
    #expect(form.isSettled(.username), "valid or not: a checker's refusal is an error now")
    #expect(!form.isSettled(.password))
  }

  @Test func typingIntoOneFieldLeavesTheOthersUntouched() {
    let form = LoginForm()
    form.password = "x"
    #expect(
      form.feedback(of: .password)
        == FieldFeedback(issue: .tooShort(minimum: 7, missing: 6), isError: false))
    #expect(form.feedback(of: .username) == nil, "the username still says nothing")
    form.leave(.username)
    #expect(form.feedback(of: .username) == nil, "and leaving it untouched does not nag")
  }

  @Test func aPrefilledUsernameThatBreaksTheRulesShowsItsErrorAtOnce() {
    let form = LoginForm(username: "root")
    #expect(
      form.feedback(of: .username)
        == FieldFeedback(issue: .tooShort(minimum: 6, missing: 2), isError: true))
  }

  @Test func aFailedSubmitShowsEveryIssueAsAnError() {
    let form = LoginForm()
    #expect(form.submit() == false)
    #expect(form.isSubmitAttempted)
    #expect(
      form.feedback(of: .username)
        == FieldFeedback(issue: .tooShort(minimum: 6, missing: 6), isError: true))
    #expect(
      form.feedback(of: .password)
        == FieldFeedback(issue: .tooShort(minimum: 7, missing: 7), isError: true))
  }

  @Test func aValidSubmitSucceedsAndMarksNothing() {
    let form = LoginForm(username: " alice.b ", password: "hunter22")
    #expect(form.submit())
    #expect(!form.isSubmitAttempted)
  }

  @Test func aFieldShowsOnlyItsMostUsefulIssue() throws {
    let rules = FormRules(
      username: try FieldRules(minimumLength: 6, separator: "|"),
      password: try FieldRules(minimumLength: 7))
    let form = LoginForm(rules: rules)
    form.username = "a|b"
    #expect(
      form.issues(of: .username) == [.tooShort(minimum: 6, missing: 3), .containsSeparator("|")])
    #expect(form.feedback(of: .username)?.issue == .containsSeparator("|"))
  }

  @Test func feedbackIsAnnouncedOnlyWhenItChanges() {
    let form = LoginForm()
    var seen: [FieldFeedback?] = []
    let token = form.observeFeedback(of: .username) { seen.append($0) }
    form.password = "abc"
    form.username = "abcde"
    form.username = "abcde"
    form.username = "abcdef"
    form.username = "abcdefg"
    #expect(
      seen == [nil, FieldFeedback(issue: .tooShort(minimum: 6, missing: 1), isError: false), nil])
    token.cancel()
  }

  @Test func startingOverMakesAnEmptiedPasswordUntouchedAgainAndKeepsTheUsername() {
    let form = LoginForm()
    form.username = "bobbie"
    form.password = "short"
    #expect(!form.submit())
    #expect(form.feedback(of: .password)?.isError == true)
    form.password = ""
    form.startOver()
    #expect(!form.isSubmitAttempted)
    #expect(form.feedback(of: .password) == nil, "an emptied, untouched field does not nag")
    #expect(form.username == "bobbie")
    form.password = "abc"
    #expect(
      form.feedback(of: .password)
        == FieldFeedback(issue: .tooShort(minimum: 7, missing: 4), isError: false),
      "typed again, its issue is a hint until it is left")
  }
}
