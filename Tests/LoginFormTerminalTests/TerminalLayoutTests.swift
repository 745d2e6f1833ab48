import LoginFormModel
import LoginFormPrompt
import LoginFormTerminal
import Testing

/// The prompt contract as lines of text.
@Suite struct TerminalLayoutTests {
  @Test func aFormsHeadingHasTheWindowsPartsInItsOrder() {
    var form = FormDescription()
    form.options.title = "Mail"
    form.error = "Bad Passphrase\n(try 2 of 3)"
    let lines = TerminalLayout.heading(of: form, plainText: "Sign in to\natlas")
    #expect(
      lines == [
        "Mail", "! Bad Passphrase", "! (try 2 of 3)", "Sign in to", "atlas", "",
        "Enter: Done, Esc: Cancel",
      ])
  }

  @Test func aQuestionSaysWhoAsksItsHeadingTextAndDetail() {
    var question = QuestionDescription(
      text: ClientText.displayable("This key is not known by any other names."), yes: "C_onnect",
      no: "_Cancel")
    question.options.title = "Verify Host Key"
    question.options.requester = "ssh (7) ← git fetch"
    question.heading = ClientText.displayableLine("Connect to example.org?")
    question.detail = "ED25519 SHA256:abc"
    #expect(
      TerminalLayout.heading(of: question) == [
        "Verify Host Key", "Asked by ssh (7) ← git fetch", "Connect to example.org?",
        "This key is not known by any other names.", "ED25519 SHA256:abc",
      ])
  }

  @Test func aFormsRuleIsTheCheckersWhenItHasOne() {
    var form = FormDescription(shape: .passwordOnly)
    form.passwordRequirement = "At least 12 characters"
    #expect(
      TerminalLayout.fieldPrompt(.password, of: form, quality: nil, timeLeft: nil)
        == "Password (At least 12 characters): ")
  }

  @Test func theKeysNameTheCallersLabels() {
    var form = FormDescription(shape: .passwordOnly)
    form.okLabel = "_Unlock"
    form.cancelLabel = "_Not now"
    #expect(
      TerminalLayout.heading(of: form, plainText: nil) == [
        "Log In", "", "Enter: Unlock, Esc: Not now",
      ])
  }

  @Test func noLineOfAHostileClientHoldsAControl() {
    var form = FormDescription()
    form.options.title = "\u{1B}]0;title\u{7}"
    form.error = "\u{1B}[31mred"
    form.okLabel = "_O\u{1B}K"
    let lines = TerminalLayout.heading(of: form, plainText: "\u{1B}[2J\u{202E}txt.exe")
    for line in lines {
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.properties.isBidiControl })
    }
    #expect(lines.contains("^[[2J<U+202E>txt.exe"))
  }

  @Test func eachFieldSaysItsRuleBeforeTyping() throws {
    let rules = FormRules(
      username: try FieldRules(minimumLength: 6), password: try FieldRules(minimumLength: 1))
    let form = FormDescription(
      shape: FormShape(username: true, repeatsPassword: true), rules: rules)
    #expect(
      TerminalLayout.fieldPrompt(.username, of: form, quality: nil, timeLeft: nil)
        == "Username (At least 6 characters): ")
    // "At least 1" is what an empty field's "Required" says.
    #expect(
      TerminalLayout.fieldPrompt(.password, of: form, quality: nil, timeLeft: nil)
        == "Password: ")
    #expect(
      TerminalLayout.fieldPrompt(.passwordRepeat, of: form, quality: nil, timeLeft: nil)
        == "Repeat: ")
  }

  @Test func thePasswordLineShowsTheQualityAndTheTimeLeft() {
    var form = FormDescription(shape: .passwordOnly)
    form.passwordLabel = "_Passphrase"
    form.qualityBar = FormDescription.Control(label: "Quality")
    #expect(
      TerminalLayout.fieldPrompt(.password, of: form, quality: 42, timeLeft: "Cancels in 9 s")
        == "[Cancels in 9 s] Passphrase (At least 7 characters, Quality: Fair): ")
    #expect(
      TerminalLayout.fieldPrompt(.password, of: form, quality: -30, timeLeft: nil)
        == "Passphrase (At least 7 characters, Quality: 30 % — does not meet the agent’s rules): ")
    #expect(
      TerminalLayout.fieldPrompt(.password, of: form, quality: nil, timeLeft: nil)
        == "Passphrase (At least 7 characters): ")
  }

  @Test func aQuestionShowsItsTitleTextAndWords() {
    let question = QuestionDescription(
      text: "Allow use of key?\nKey fingerprint SHA256:x", yes: "_Allow", no: "_Deny")
    #expect(
      TerminalLayout.heading(of: question) == [
        "Question", "Allow use of key?", "Key fingerprint SHA256:x",
      ])
    #expect(
      TerminalLayout.answerPrompt(AnswerWords(question), timeLeft: "Cancels in 5 s")
        == "[Cancels in 5 s] [Allow] / [Deny] (Enter: Deny): ")
  }

  @Test func aQuestionThatExpectsAValueSaysItMayBePasted() {
    var question = QuestionDescription(text: "Connect?", yes: "C_onnect", no: "_Cancel")
    question.expectedAnswer = ExpectedAnswer(
      label: "Or _paste the fingerprint\u{1B}", matchText: "", mismatchText: ""
    ) { _ in .empty }
    #expect(TerminalLayout.heading(of: question).last == "Or paste the fingerprint^[")
  }

  @Test func aMessageStandsIndentedUnderItsField() {
    #expect(TerminalLayout.message("Does not\nmatch") == "  ! Does not match")
  }
}
