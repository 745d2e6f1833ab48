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
      for: AskpassRequest(prompt: text, promptMode: mode),
      environment: LaunchEnvironment(grab: grab))
  }

  private func answer(_ result: PromptResult, to text: String, mode: String? = nil) -> Answer {
    AskpassFrontEnd.answer(to: result, for: AskpassRequest(prompt: text, promptMode: mode))
  }

  @Test func anSshKeyIsUnlockedUnderATitleThatNamesTheJob() throws {
    let form = try #require(prompt("Enter passphrase for /home/bob/.ssh/id_ed25519: ").form)
    #expect(form.shape == .passwordOnly)
    #expect(form.text == isolated("Passphrase for /home/bob/.ssh/id_ed25519"))
    #expect(form.error == nil)
    #expect(form.passwordLabel == "_Passphrase")
    #expect(form.okLabel == "_Unlock")
    #expect(form.cancelLabel == "_Cancel")
    #expect(form.title == "Unlock SSH Key")
    #expect(form.options.grabsKeyboard)
  }

  @Test func sshsBadPassphraseIsAnErrorOnTheFieldNotPartOfTheText() throws {
    let form = try #require(
      prompt("Bad passphrase, try again for /home/bob/.ssh/id_ed25519: ").form)
    #expect(form.text == isolated("Passphrase for /home/bob/.ssh/id_ed25519"))
    #expect(form.error == "Wrong passphrase, try again")
    #expect(form.title == "Unlock SSH Key")
  }

  @Test func aKeyThatConfirmsEachUseSaysSoOnALineOfItsOwn() throws {
    let form = try #require(prompt("Enter passphrase for /tmp/key (will confirm each use): ").form)
    #expect(
      form.text == isolated("Passphrase for /tmp/key") + "\n"
        + isolated("Each use of the key will ask you to confirm it."))
    #expect(form.okLabel == "_Unlock")
    let quoted = try #require(prompt("Enter passphrase for key '/home/b/.ssh/id_rsa': ").form)
    #expect(quoted.text == isolated("Passphrase for /home/b/.ssh/id_rsa"))
  }

  @Test func anSshLoginSignsInToTheHost() throws {
    let form = try #require(prompt("alice@build.example.org's password: ").form)
    #expect(form.title == "Sign In to build.example.org")
    #expect(form.text == isolated("Password for alice@build.example.org"))
    #expect(form.okLabel == "_Sign In")
  }

  @Test func otherSshPromptsLoseOnlyTheirClosingColon() throws {
    let form = try #require(prompt("Enter passphrase (empty for no passphrase): ").form)
    #expect(form.text == isolated("Enter passphrase (empty for no passphrase)"))
    #expect(form.title == "OpenSSH")
    #expect(form.okLabel == "_OK")
  }

  @Test func theRequesterIsPassedOnToEveryKindOfWindow() throws {
    let form = try #require(
      AskpassFrontEnd.prompt(
        for: AskpassRequest(prompt: "Password: ", promptMode: nil),
        environment: LaunchEnvironment(),
        requester: "ssh-add (12) ← bash"
      ).form)
    #expect(form.options.requester == "ssh-add (12) ← bash")
    let question = try #require(
      AskpassFrontEnd.prompt(
        for: AskpassRequest(prompt: "Allow?", promptMode: "confirm"),
        environment: LaunchEnvironment(),
        requester: "ssh-agent (3) ← systemd"
      ).question)
    #expect(question.options.requester == "ssh-agent (3) ← systemd")
  }

  @Test func aSecretMayBeAnythingButEmptyUpToWhatSshReads() throws {
    let rules = try #require(prompt("Enter passphrase for /k: ").form).rules.password
    #expect(rules.minimumLength == 1)
    #expect(rules.maximumLength == 1023)
    #expect(rules.maximumBytes == 1023)
    #expect(!rules.refusesInvisibleCharacters)
  }

  @Test func sudoAsksForAPasswordUnderItsOwnNameWithoutItsTag() throws {
    let form = try #require(prompt("[sudo] password for bob: ").form)
    #expect(form.passwordLabel == "_Password")
    #expect(form.title == "Authentication for sudo")
    #expect(form.text == isolated("Password for bob"))
    #expect(form.okLabel == "_Authenticate")
    #expect(form.rules.password.maximumBytes == 1023)
    // sudo translates its prompt: the tag and the colon go whatever the words.
    #expect(
      try #require(prompt("[sudo] Passwort für bob: ").form).text == isolated("Passwort für bob"))
  }

  @Test func gitsUsernameIsAVisibleFieldAndItsPasswordAHiddenOne() throws {
    let username = try #require(prompt("Username for 'https://example.com': ").form)
    #expect(username.shape == .usernameOnly)
    #expect(username.usernameLabel == "_Username")
    #expect(username.title == "Sign In to example.com")
    #expect(username.text == isolated("Username for https://example.com"))
    #expect(username.okLabel == "_Next")
    #expect(username.rules.username.refusesInvisibleCharacters)
    let password = try #require(prompt("Password for 'https://bob@example.com': ").form)
    #expect(password.shape == .passwordOnly)
    #expect(password.passwordLabel == "_Password")
    #expect(password.title == "Sign In to example.com")
    #expect(password.text == isolated("Password for https://bob@example.com"))
    #expect(password.okLabel == "_Sign In")
    #expect(password.rules.password.maximumBytes == nil, "git reads any length")
    let port = try #require(prompt("Password for 'http://127.0.0.1:8080/r.git': ").form)
    #expect(port.title == "Sign In to 127.0.0.1:8080")
  }

  @Test func aPINPromptIsLabelledPIN() throws {
    #expect(try #require(prompt("Enter PIN for ECDSA-SK key /k: ").form).passwordLabel == "P_IN")
  }

  @Test func anyOtherPromptAsksForAPasswordUnderAGenericTitle() throws {
    let form = try #require(prompt("Token:").form)
    #expect(form.passwordLabel == "_Password")
    #expect(form.title == "Authentication")
    #expect(form.text == isolated("Token:"), "an unknown prompt is shown as written")
    #expect(form.okLabel == "_OK")
  }

  @Test func theSshAskpassAlternativeWithoutAPromptShowsNoText() throws {
    #expect(try #require(prompt("").form).text == nil)
  }

  @Test func loginFormGrabZeroTurnsTheGrabOff() throws {
    #expect(try #require(prompt("x: ", grab: "0").form).options.grabsKeyboard == false)
    #expect(try #require(prompt("x: ", grab: "1").form).options.grabsKeyboard)
  }

  static let hostKey =
    "The authenticity of host '[127.0.0.1]:2299 ([127.0.0.1]:2299)' can't be established.\n"
    + "ED25519 key fingerprint is SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA.\n"
    + "This key is not known by any other names.\n"
    + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "

  @Test func theHostKeyIsAnAlertWithTheFingerprintOnItsOwnLine() throws {
    let question = try #require(prompt(Self.hostKey).question)
    #expect(question.title == "Verify Host Key")
    #expect(question.heading == isolated("Connect to [127.0.0.1]:2299?"))
    #expect(question.detail == "ED25519 SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA")
    #expect(!question.text.contains("yes/no"), "the terminal's tail goes")
    #expect(question.text.hasSuffix("\n" + isolated("This key is not known by any other names.")))
    #expect(question.yesLabel == "C_onnect")
    #expect(question.noLabel == "_Cancel")
  }

  @Test func aStrayEnterCannotTrustAHostKey() throws {
    let question = try #require(prompt(Self.hostKey).question)
    #expect(question.yesGrants)
    #expect(!question.yesIsDefault())
    #expect(!question.yesIsDefault(with: .partial))
    #expect(!question.yesIsDefault(with: .differs))
    #expect(question.yesIsDefault(with: .matches), "a pasted match is a deliberate yes")
  }

  @Test func thePastedFingerprintIsJudgedLive() throws {
    let check = try #require(prompt(Self.hostKey).question?.expectedAnswer)
    #expect(check.label == "Or _paste the fingerprint you expect")
    #expect(check.verdict(for: "") == .empty)
    #expect(check.verdict(for: "SHA256:as1hOhGSuy") == .partial)
    #expect(check.verdict(for: " as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA\n") == .matches)
    #expect(check.verdict(for: "SHA256:AAAAhOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA") == .differs)
    #expect(check.message(for: .matches)! == ("Matches the fingerprint the server sent", false))
    #expect(
      check.message(for: .differs)! == ("Does not match the fingerprint the server sent", true))
    #expect(check.message(for: .partial) == nil)
    #expect(ExpectedAnswer.allowsYes(.empty) && ExpectedAnswer.allowsYes(.matches))
    #expect(!ExpectedAnswer.allowsYes(.differs) && !ExpectedAnswer.allowsYes(.partial))
  }

  @Test func connectPrintsYesAMatchPrintsTheFingerprintAndCancelNothing() {
    #expect(answer(.answered(true), to: Self.hostKey).written == ("yes\n", .submitted))
    #expect(
      answer(.verified, to: Self.hostKey).written
        == ("SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA\n", .submitted))
    #expect(answer(.answered(false), to: Self.hostKey).written == ("", .cancelled))
    #expect(answer(.cancelled, to: Self.hostKey).written == ("", .cancelled))
  }

  @Test func sshsOtherYesNoQuestionIsRiskyTooButHasNoFingerprintToPaste() throws {
    let text =
      "Warning: the ED25519 host key for 'h' differs from the key for the IP address '192.0.2.1'\n"
      + "Offending key for IP in /home/a/.ssh/known_hosts:2\n"
      + "Are you sure you want to continue connecting (yes/no)? "
    let question = try #require(prompt(text).question)
    #expect(question.heading == isolated("Connect anyway?"))
    #expect(question.text.hasSuffix(isolated("Offending key for IP in /home/a/.ssh/known_hosts:2")))
    #expect(question.expectedAnswer == nil)
    #expect(question.yesGrants && !question.yesIsDefault())
    #expect(answer(.verified, to: text).written == ("", .cancelled), "nothing to verify against")
  }

  @Test func anAgentConfirmationAllowsOrDeniesWithNoDefault() throws {
    let text = "Allow use of key bob@host?\nKey fingerprint SHA256:abc."
    let question = try #require(prompt(text, mode: "confirm").question)
    #expect(question.title == "Allow Use of SSH Key")
    #expect(question.heading == isolated("Allow use of key bob@host?"))
    #expect(question.detail == "SHA256:abc")
    #expect(question.text == "")
    #expect(question.yesLabel == "_Allow")
    #expect(question.noLabel == "_Deny")
    #expect(question.yesGrants && !question.yesIsDefault())
    #expect(question.options.grabsKeyboard)
    #expect(answer(.answered(true), to: text, mode: "confirm").written == ("\n", .submitted))
    #expect(answer(.answered(false), to: text, mode: "confirm").written == ("", .cancelled))
    #expect(answer(.closed, to: text, mode: "CONFIRM").written == ("", .cancelled))
    let shared = try #require(prompt("Allow shared connection to h? ", mode: "confirm").question)
    #expect(shared.heading == isolated("Allow shared connection to h?"))
    #expect(shared.title == "OpenSSH")
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
