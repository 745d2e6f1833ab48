import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// What each askpass caller is shown, and what each way out prints: the
/// mappings the end-to-end tests drive through ssh, ssh-agent, sudo and git.
@Suite struct AskpassFrontEndTests {
  private func prompt(_ text: String, mode: String? = nil, grab: String? = nil) -> Prompt {
    AskpassFrontEnd.prompt(
      for: AskpassRequest(prompt: text, promptMode: mode), grabSetting: grab)
  }

  private func answer(_ result: PromptResult, to text: String, mode: String? = nil) -> Answer {
    AskpassFrontEnd.answer(to: result, for: AskpassRequest(prompt: text, promptMode: mode))
  }

  @Test func anSshKeyAsksForItsPassphraseUnderTheSshTitle() throws {
    let form = try #require(prompt("Enter passphrase for /home/bob/.ssh/id_ed25519: ").form)
    #expect(form.shape == .passwordOnly)
    #expect(form.text == isolated("Enter passphrase for /home/bob/.ssh/id_ed25519:"))
    #expect(form.passwordLabel == "_Passphrase")
    #expect(form.okLabel == "_OK")
    #expect(form.cancelLabel == "_Cancel")
    #expect(form.title == "OpenSSH")
    #expect(form.options.grabsKeyboard)
  }

  @Test func aSecretMayBeAnythingButEmptyUpToWhatSshReads() throws {
    let rules = try #require(prompt("Enter passphrase for /k: ").form).rules.password
    #expect(rules.minimumLength == 1)
    #expect(rules.maximumLength == 1023)
    #expect(rules.maximumBytes == 1023)
    #expect(!rules.refusesInvisibleCharacters)
  }

  @Test func sudoAsksForAPasswordUnderItsOwnName() throws {
    let form = try #require(prompt("[sudo] password for bob: ").form)
    #expect(form.passwordLabel == "_Password")
    #expect(form.title == "sudo")
    #expect(form.rules.password.maximumBytes == 1023)
  }

  @Test func gitsUsernameIsAVisibleFieldAndItsPasswordAHiddenOne() throws {
    let username = try #require(prompt("Username for 'https://example.com': ").form)
    #expect(username.shape == .usernameOnly)
    #expect(username.usernameLabel == "_Username")
    #expect(username.title == "Git")
    #expect(username.rules.username.refusesInvisibleCharacters)
    let password = try #require(prompt("Password for 'https://bob@example.com': ").form)
    #expect(password.shape == .passwordOnly)
    #expect(password.passwordLabel == "_Password")
    #expect(password.rules.password.maximumBytes == nil, "git reads any length")
  }

  @Test func aPINPromptIsLabelledPIN() throws {
    #expect(try #require(prompt("Enter PIN for ECDSA-SK key /k: ").form).passwordLabel == "P_IN")
  }

  @Test func anyOtherPromptAsksForAPasswordUnderAGenericTitle() throws {
    let form = try #require(prompt("Token:").form)
    #expect(form.passwordLabel == "_Password")
    #expect(form.title == "Authentication")
  }

  @Test func theSshAskpassAlternativeWithoutAPromptShowsNoText() throws {
    #expect(try #require(prompt("").form).text == nil)
  }

  @Test func loginFormGrabZeroTurnsTheGrabOff() throws {
    #expect(try #require(prompt("x: ", grab: "0").form).options.grabsKeyboard == false)
    #expect(try #require(prompt("x: ", grab: "1").form).options.grabsKeyboard)
  }

  @Test func theHostKeyQuestionIsAnsweredYesOrNo() throws {
    let text =
      "The authenticity of host 'h (127.0.0.1)' can't be established.\n"
      + "ED25519 key fingerprint is SHA256:abc.\n"
      + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "
    let question = try #require(prompt(text).question)
    #expect(
      question.text
        == isolated("The authenticity of host 'h (127.0.0.1)' can't be established.") + "\n"
        + isolated("ED25519 key fingerprint is SHA256:abc.") + "\n"
        + isolated("Are you sure you want to continue connecting (yes/no/[fingerprint])?"))
    #expect(question.yesLabel == "_Yes")
    #expect(question.noLabel == "_No")
    #expect(question.title == "OpenSSH")
    #expect(answer(.answered(true), to: text).written == ("yes\n", .submitted))
    #expect(answer(.answered(false), to: text).written == ("no\n", .submitted))
    #expect(answer(.cancelled, to: text).written == ("", .cancelled))
  }

  @Test func anAgentConfirmationPrintsAnEmptyLineForYesAndNothingForNo() throws {
    let text = "Allow use of key bob@host?\nKey fingerprint SHA256:abc."
    let question = try #require(prompt(text, mode: "confirm").question)
    #expect(question.yesLabel == "_Yes")
    #expect(question.noLabel == "_No")
    #expect(question.options.grabsKeyboard)
    #expect(answer(.answered(true), to: text, mode: "confirm").written == ("\n", .submitted))
    #expect(answer(.answered(false), to: text, mode: "confirm").written == ("", .cancelled))
    #expect(answer(.closed, to: text, mode: "CONFIRM").written == ("", .cancelled))
  }

  @Test func aNoticeHasOneButtonTakesNoKeysAndEndsQuietly() throws {
    let text = "Confirm user presence for key ED25519-SK SHA256:abc"
    let notice = try #require(prompt(text, mode: "none").notice)
    #expect(notice.closeLabel == "_Close")
    #expect(notice.title == "OpenSSH")
    #expect(!notice.options.grabsKeyboard)
    #expect(answer(.answered(true), to: text, mode: "none").written == ("", .submitted))
    let terminated = answer(.interrupted(signal: 15), to: text, mode: "none")
    #expect(terminated.written == ("", .cancelled))
    #expect(terminated.failure == nil, "ssh's SIGTERM says nothing on stderr")
  }

  @Test func aSubmittedSecretIsPrintedAloneOnOneLine() {
    let answer = answer(.submitted(.typed(password: "correct horse")), to: "Password: ")
    #expect(answer.written == ("correct horse\n", .submitted))
  }

  @Test func aSubmittedUsernameIsPrintedAloneOnOneLine() {
    let answer = answer(.submitted(.typed(username: "bob")), to: "Username for 'https://h': ")
    #expect(answer.written == ("bob\n", .submitted))
  }

  @Test func backingOutOfAnEntryPrintsNothingAndExitsOne() {
    for result in [PromptResult.cancelled, .closed, .interrupted(signal: 2)] {
      #expect(answer(result, to: "Password: ").written == ("", .cancelled))
    }
  }

  @Test func timeoutsAndALostKeyboardHaveTheirOwnStatuses() {
    #expect(answer(.timedOut, to: "Password: ").written == ("", .timedOut))
    #expect(answer(.keyboardUnavailable, to: "Password: ").written == ("", .keyboardUnavailable))
  }

  @Test func aSecretThatWouldBeCutIsNeverPrintedAndNeverExitsZero() {
    // The form refuses control characters, so this cannot reach here from
    // a window; if it did, ssh must not read a cut secret or an empty one.
    let answer = answer(.submitted(.typed(password: "pass\nword")), to: "Password: ")
    #expect(answer.failure == .lineBreakInAnswer)
    #expect(answer.status == .notDelivered)
    #expect(answer.isEmpty)
  }
}
