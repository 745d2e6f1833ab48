import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// The session that gpg-agent's lines make, and the request its last line
/// opens.
func session(_ lines: [String], launch: PinentryLaunch? = nil) -> (
  PinentrySession, PinentryRequest?
) {
  var session = PinentryFrontEnd.session(
    processID: 7, userID: 1000, groupID: 1000,
    launch: launch ?? PinentryLaunch(options: PinentryOptions(), timeoutSeconds: 60))
  var sink = ArraySink()
  var request: PinentryRequest?
  for line in lines {
    let event = withBytes(line) { session.receive(line: $0, into: &sink) }
    if case .show(let shown) = event { request = shown }
  }
  return (session, request)
}

/// What the agent's requests look like as prompts, with gpg-agent 2.2.40's
/// own texts as data.
@Suite struct PinentryPromptTests {
  private func prompt(_ lines: String..., grab: String? = nil) throws -> Prompt {
    let request = try #require(session(lines).1)
    return PinentryPrompt.prompt(for: request, environment: LaunchEnvironment(grab: grab))
  }

  @Test func unlockingAKeyShowsTheDescriptionAndThePassphraseField() throws {
    let form = try #require(
      try prompt(
        "SETKEYINFO n/0123456789ABCDEF0123456789ABCDEF01234567",
        "SETDESC Please enter the passphrase to unlock the OpenPGP secret key:%0A%22Alice%22%0A",
        "SETPROMPT Passphrase:", "GETPIN"
      ).form)
    #expect(form.shape == .passwordOnly)
    #expect(
      form.text
        == isolated("Please enter the passphrase to unlock the OpenPGP secret key:") + "\n"
        + isolated("\"Alice\""))
    #expect(form.passwordLabel == "_Passphrase")
    #expect(form.okLabel == "_Unlock")
    #expect(form.cancelLabel == "_Cancel")
    #expect(form.title == "Unlock GnuPG Key")
    #expect(form.error == nil)
    #expect(form.options.grabsKeyboard)
    #expect(form.options.timeoutSeconds == 60)
  }

  @Test func thePINMayBeEmptyOrUpToTheAgents255Bytes() throws {
    let rules = try #require(try prompt("GETPIN").form).rules.password
    #expect(rules.minimumLength == 0)
    #expect(rules.maximumLength == 255)
    #expect(rules.maximumBytes == 255)
  }

  @Test func aRetryShowsTheAgentsError() throws {
    let form = try #require(try prompt("SETERROR Bad Passphrase (try 2 of 3)", "GETPIN").form)
    #expect(form.error == isolated("Bad Passphrase (try 2 of 3)"))
  }

  @Test func aNewPassphraseIsAskedTwiceWithTheAgentsWords() throws {
    let form = try #require(
      try prompt(
        "SETDESC Enter passphrase%0A", "SETPROMPT Passphrase:",
        "SETREPEATERROR does not match - try again", "SETGENPIN Suggest",
        "SETGENPIN_TT Suggest a random passphrase", "SETREPEAT Repeat:",
        "SETQUALITYBAR Quality:", "SETQUALITYBAR_TT The quality of the text", "GETPIN"
      ).form)
    #expect(form.shape == .passwordOnly.repeatingPassword)
    #expect(form.text == isolated("Enter passphrase"), "without the trailing line break")
    #expect(form.repeatLabel == "_Repeat")
    #expect(form.mismatchText == "Does not match the passphrase", "named, and said live")
    #expect(form.title == "New Passphrase")
    #expect(form.okLabel == "_OK")
    #expect(form.generateButton?.label == "_Suggest", "gpg sends no mnemonic: the first letter")
    #expect(form.generateButton?.tooltip == "Suggest a random passphrase")
    #expect(form.qualityBar?.label == "Quality")
    #expect(form.qualityBar?.tooltip == "The quality of the text")
  }

  @Test func theJobNamesTheTitleAndTheVerbUnlessTheAgentSetsThem() throws {
    let ssh = try #require(try prompt("SETKEYINFO s/0123", "SETPROMPT Passphrase:", "GETPIN").form)
    #expect(ssh.title == "Unlock SSH Key")
    #expect(ssh.okLabel == "_Unlock")
    let germanDefault = try #require(
      try prompt("OPTION default-ok=_OK", "SETKEYINFO n/0123", "GETPIN").form)
    #expect(germanDefault.okLabel == "_Unlock", "the agent's default is not a choice")
    let set = try #require(
      try prompt("SETKEYINFO n/0123", "SETOK _Sign", "SETTITLE Signing", "GETPIN").form)
    #expect(set.okLabel == "_Sign")
    #expect(set.title == "Signing")
    // A card's PIN (SETKEYINFO --clear) is no key to unlock by passphrase.
    let card = try #require(try prompt("SETKEYINFO --clear", "SETPROMPT PIN", "GETPIN").form)
    #expect(card.title == "GnuPG")
    #expect(card.okLabel == "_OK")
    let newPIN = try #require(
      try prompt("SETPROMPT New PIN", "SETREPEAT Repeat this PIN", "GETPIN").form)
    #expect(newPIN.mismatchText == "Does not match the PIN")
  }

  @Test func theRequesterIsShownOnFormsAndQuestions() throws {
    let request = try #require(session(["GETPIN"]).1)
    let form = try #require(
      PinentryPrompt.prompt(
        for: request, environment: LaunchEnvironment(), requester: "gpg (9) ← git commit"
      )
      .form)
    #expect(form.options.requesterLine == "Asked by " + isolated("gpg (9) ← git commit"))
    let confirm = try #require(session(["CONFIRM"]).1)
    let question = try #require(
      PinentryPrompt.prompt(for: confirm, environment: LaunchEnvironment(), requester: "gpg (9)")
        .question)
    #expect(question.options.requester == "gpg (9)")
  }

  @Test func underscoresInAPromptAreTextAndItsFirstLetterTheMnemonic() throws {
    #expect(try #require(try prompt("SETPROMPT PIN_2:", "GETPIN").form).passwordLabel == "_PIN__2")
    #expect(
      try #require(try prompt("SETPROMPT Passphrase: ", "GETPIN").form).passwordLabel
        == "_Passphrase")
    #expect(try #require(try prompt("SETPROMPT :", "GETPIN").form).passwordLabel == "")
    #expect(try #require(try prompt("GETPIN").form).passwordLabel == "_PIN", "pinentry's default")
    #expect(
      try #require(try prompt("OPTION default-prompt=Code:", "GETPIN").form).passwordLabel
        == "_Code")
  }

  @Test func theAgentsLabelsTitleAndTimeoutAreUsed() throws {
    let form = try #require(
      try prompt(
        "OPTION default-ok=_Okay", "SETCANCEL _Abort", "SETTITLE My Title", "SETTIMEOUT 5",
        "OPTION parent-wid=0x2a", "GETPIN"
      ).form)
    #expect(form.okLabel == "_Okay")
    #expect(form.cancelLabel == "_Abort")
    #expect(form.title == "My Title")
    #expect(form.options.timeoutSeconds == 5)
    #expect(form.options.window.parents == [.init(window: .x11(0x2a), source: "parent-wid")])
  }

  @Test func theAgentsWindowComesBeforeTheEnvironmentsAndKDEsHint() throws {
    let request = try #require(session(["OPTION parent-wid=4194311", "GETPIN"]).1)
    let environment = LaunchEnvironment(
      parent: "wayland:from%20env", geometryHint: "kde%24handle 10 20")
    let form = try #require(PinentryPrompt.prompt(for: request, environment: environment).form)
    #expect(
      form.options.window.parents == [
        .init(window: .x11(4_194_311), source: "parent-wid"),
        .init(window: .wayland("from env"), source: "LOGIN_FORM_PARENT"),
        .init(window: .wayland("kde$handle"), source: "PINENTRY_GEOM_HINT"),
      ])
  }

  @Test func eitherTheAgentOrTheEnvironmentCanTurnTheGrabOff() throws {
    #expect(
      try #require(try prompt("OPTION no-grab", "GETPIN").form).options.grabsKeyboard == false)
    #expect(try #require(try prompt("GETPIN", grab: "0").form).options.grabsKeyboard == false)
  }

  @Test func aConfirmationHasTheAgentsButtonsAndAThirdWhenAsked() throws {
    let question = try #require(
      try prompt(
        "SETDESC Warning: You have entered an insecure passphrase.%0A",
        "SETOK Take this one anyway", "SETCANCEL Enter new passphrase", "SETNOTOK _Later",
        "CONFIRM"
      ).question)
    #expect(question.text == isolated("Warning: You have entered an insecure passphrase."))
    #expect(question.yesLabel == "Take this one anyway")
    #expect(question.noLabel == "Enter new passphrase")
    #expect(question.otherLabel == "_Later")
    #expect(question.title == "GnuPG")
  }

  @Test func theAgentsTextsCannotReorderWhatTheWindowSays() throws {
    let form = try #require(
      try prompt(
        "SETDESC alice@%E2%80%AEmoc.buhtig%E2%80%AC.evil", "SETTITLE a%E2%80%AEb", "GETPIN"
      )
      .form)
    #expect(form.text == isolated("alice@⟨RLO⟩moc.buhtig⟨PDF⟩.evil"))
    #expect(form.title == "a⟨RLO⟩b", "a title is not isolated, but named")
  }

  @Test func aWarningsFirstLineIsTheAlertsHeading() throws {
    let question = try #require(
      try prompt(
        "SETDESC Warning: You have entered an insecure passphrase.%0A%0A"
          + "A passphrase should be at least 8 characters long.%0A"
          + "A passphrase should contain at least 1 digit or%0Aspecial character.",
        "SETOK Take this one anyway", "SETCANCEL Enter new passphrase", "CONFIRM"
      ).question)
    #expect(question.heading == isolated("Warning: You have entered an insecure passphrase."))
    #expect(
      question.text
        == isolated("A passphrase should be at least 8 characters long.") + "\n"
        + isolated("A passphrase should contain at least 1 digit or") + "\n"
        + isolated("special character."))
    // gpg-agent's trust question has no such first line: all of it is text.
    let trust = try #require(
      try prompt(
        "SETDESC Do you ultimately trust%0A  %22CN=CA%22%0Ato correctly certify user "
          + "certificates?", "CONFIRM"
      ).question)
    #expect(trust.heading == nil)
    #expect(trust.text.hasPrefix(isolated("Do you ultimately trust") + "\n"))
  }

  @Test func everyConfirmationThatCanGrantSomethingHasNoDefaultButton() throws {
    // gpg-agent 2.2.40's weak and empty passphrase warnings and its ssh key
    // confirmation: each "yes" weakens protection or allows a use.
    for (ok, cancel) in [
      ("Take this one anyway", "Enter new passphrase"),
      ("Yes, protection is not needed", "Enter new passphrase"), ("Allow", "Deny"),
    ] {
      let question = try #require(
        try prompt("SETDESC Sure?", "SETOK \(ok)", "SETCANCEL \(cancel)", "CONFIRM").question)
      #expect(question.yesGrants, "\(ok)")
      #expect(!question.yesIsDefault(), "\(ok)")
    }
  }

  @Test func aMessageHasOneButton() throws {
    for lines in [["SETDESC Done.", "MESSAGE"], ["SETDESC Done.", "CONFIRM --one-button"]] {
      let request = try #require(session(lines).1)
      let question = try #require(
        PinentryPrompt.prompt(for: request, environment: LaunchEnvironment()).question)
      #expect(question.yesLabel == "_OK")
      #expect(question.noLabel == nil)
      #expect(question.otherLabel == nil)
      #expect(question.yesIsDefault(), "a message's one button grants nothing")
    }
  }
}
