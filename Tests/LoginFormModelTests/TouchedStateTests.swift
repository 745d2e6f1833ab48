import LoginFormModel
import Testing

@Suite struct TouchedStateTests {
  @Test func anUntouchedEmptyFormShowsNothing() {
    let form = LoginForm()
    #expect(form.visibleIssues(of: .username).isEmpty)
    #expect(form.visibleIssues(of: .password).isEmpty)
    #expect(!form.isTouched(.username))
  }

  @Test func editingAFieldShowsOnlyThatFieldsIssues() {
    let form = LoginForm()
    form.username = "bo"
    #expect(form.isTouched(.username))
    #expect(form.visibleIssues(of: .username) == [.tooShort(minimum: 6, missing: 4)])
    #expect(form.visibleIssues(of: .password).isEmpty)
  }

  @Test func settingAValueTouchesOnlyThatField() {
    let form = LoginForm(username: "bob")
    form.password = "x"
    #expect(form.isTouched(.password))
    #expect(!form.isTouched(.username))
  }

  @Test func prefilledValuesStayQuietUntilEdited() {
    let form = LoginForm(username: "bob")
    #expect(form.visibleIssues(of: .username).isEmpty)
    form.username = "bobb"
    #expect(form.visibleIssues(of: .username) == [.tooShort(minimum: 6, missing: 2)])
  }

  @Test func aFailedSubmitShowsEveryIssue() {
    let form = LoginForm()
    #expect(form.submit() == nil)
    #expect(form.isSubmitAttempted)
    #expect(form.visibleIssues(of: .username) == [.tooShort(minimum: 6, missing: 6)])
    #expect(form.visibleIssues(of: .password) == [.tooShort(minimum: 7, missing: 7)])
  }

  @Test func aValidSubmitReturnsTheCredentialsAndMarksNothing() {
    let form = LoginForm(username: " alice.b ", password: "hunter22")
    #expect(form.submit() == Credentials(username: "alice.b", password: "hunter22"))
    #expect(!form.isSubmitAttempted)
  }

  @Test func fixingAFieldClearsItsVisibleIssues() {
    let form = LoginForm()
    form.password = "abc"
    #expect(!form.visibleIssues(of: .password).isEmpty)
    form.password = "abcdefg"
    #expect(form.visibleIssues(of: .password).isEmpty)
  }
}
