import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// Cards, the reader's pinpad and gpg-agent's passphrase rules as prompts,
/// from gnupg 2.2.40's own lines.
@Suite struct PinentryDevicePromptTests {
  private func prompt(_ lines: String...) throws -> Prompt {
    let request = try #require(session(lines).1)
    return PinentryPrompt.prompt(for: request, environment: LaunchEnvironment())
  }

  @Test func cardSecretsAreLabelledWithTheCardsWords() throws {
    let cases = [
      ("PIN", "_PIN"), ("Admin PIN", "_Admin PIN"), ("PUK", "P_UK"),
      ("Reset Code", "R_eset Code"),
    ]
    for (prompt, label) in cases {
      let form = try #require(
        try self.prompt("SETKEYINFO --clear", "SETPROMPT \(prompt)", "GETPIN").form)
      #expect(form.passwordLabel == label, "\(prompt)")
      #expect(form.shape == .passwordOnly)
    }
  }

  @Test func aNewCardSecretIsTitledWithTheCardsWordNotNewPassphrase() throws {
    for (prompt, title) in [
      ("PIN", "New PIN"), ("Admin PIN", "New Admin PIN"), ("PUK", "New PUK"),
      ("Reset Code", "New Reset Code"),
    ] {
      let form = try #require(
        try self.prompt(
          "SETKEYINFO --clear", "SETPROMPT \(prompt)", "SETREPEAT Repeat:", "GETPIN"
        ).form)
      #expect(form.title == title, "\(prompt)")
    }
    let passphrase = try #require(
      try prompt("SETPROMPT Passphrase:", "SETREPEAT Repeat:", "GETPIN").form)
    #expect(passphrase.title == "New Passphrase")
  }

  @Test func aCardSecretCannotBeSubmittedEmpty() throws {
    let card = try #require(
      try prompt("SETKEYINFO --clear", "SETPROMPT PIN", "GETPIN").form)
    #expect(card.rules.password.minimumLength == 1, "an empty PIN costs a try")
    let passphrase = try #require(try prompt("SETPROMPT Passphrase:", "GETPIN").form)
    #expect(passphrase.rules.password.minimumLength == 0, "pinentry allows an empty one")
  }

  @Test func thePinpadIsANoticeThatTakesNoKeys() throws {
    let notice = try #require(
      try prompt(
        "OPTION grab", "SETDESC Please enter the PIN%0A%0AUse the reader's pinpad for input.%0A",
        "CONFIRM --one-button"
      ).notice)
    #expect(notice.heading == "Type the PIN on the card reader")
    #expect(notice.text == shown("Please enter the PIN\n\nUse the reader's pinpad for input."))
    #expect(notice.closeLabel == "_Close")
    #expect(!notice.options.grabsKeyboard)
    #expect(notice.options.timeoutSeconds == nil)
    #expect(notice.title == "GnuPG")
  }

  @Test func theCardsButtonIsANoticeToo() throws {
    let notice = try #require(
      try prompt("SETDESC Push ACK button on card/token.", "CONFIRM --one-button").notice)
    #expect(notice.heading == "Press the button on your card or token")
  }

  @Test func theAgentsRulesAreSaidBeforeTypingAndCheckedByTheAgent() throws {
    let form = try #require(
      try prompt(
        "SETDESC Enter passphrase%0A", "SETPROMPT Passphrase:", "OPTION constraints-enforce",
        "OPTION constraints-hint-short=Please use letters and digits.",
        "OPTION constraints-hint-long=Please use letters and digits.%0AExtra constraints are "
          + "enforced, for example%0Athe use of common car number plates.",
        "OPTION constraints-error-title=Passphrase Not Allowed", "SETREPEAT Repeat:", "GETPIN"
      ).form)
    #expect(form.passwordRequirement == "Please use letters and digits.")
    #expect(
      form.passwordRequirementDetails
        == "Please use letters and digits.\nExtra constraints are enforced, for example\n"
        + "the use of common car number plates.")
    #expect(form.externalCheck?.refusalTitle == "Passphrase Not Allowed")
    #expect(form.rules.password.minimumLength == 1, "the agent refuses an empty one")
    #expect(form.rules.password.maximumBytes == 255)
  }

  @Test func withoutRulesNothingIsCheckedAndAnEmptyPassphraseIsAllowed() throws {
    let form = try #require(try prompt("SETREPEAT Repeat:", "GETPIN").form)
    #expect(form.externalCheck == nil)
    #expect(form.passwordRequirement == nil)
    #expect(form.rules.password.minimumLength == 0)
  }

  @Test func repeatOKIsSaidOnceTheTwoMatch() throws {
    let form = try #require(
      try prompt("SETREPEATOK Passphrases match.", "SETREPEAT Repeat:", "GETPIN").form)
    #expect(form.matchText == "Passphrases match.")
  }

  @Test func aRefusalIsItsReasonsOnOneLineAndAllOfItInTheDetails() {
    let refusal =
      "Warning: You have entered an insecure passphrase.\n\nA passphrase should be at least "
      + "12 characters long.\nA passphrase should contain at least 2 digits or\nspecial characters."
    let constraints = PinentryConstraints(errorTitle: "Passphrase Not Allowed")
    #expect(
      PinentryFrontEnd.verdict(for: .refused(refusal), constraints: constraints)
        == .refused(
          message: "A passphrase should be at least 12 characters long. A passphrase should "
            + "contain at least 2 digits or special characters.",
          details: "Passphrase Not Allowed\n\n" + refusal))
    #expect(
      PinentryFrontEnd.verdict(for: .refused("Too short."), constraints: nil)
        == .refused(message: "Too short.", details: "Too short."))
    #expect(PinentryFrontEnd.verdict(for: .accepted, constraints: nil) == .accepted)
    #expect(PinentryFrontEnd.verdict(for: .unavailable, constraints: nil) == .unavailable)
  }
}

/// Where an external check stands as the user types and the verdicts come.
@Suite struct ExternalCheckStateTests {
  private let refused = ExternalVerdict.refused(message: "Too short.", details: "Not allowed")

  @Test func nothingMayBeSubmittedBeforeTheCheckerAccepts() {
    var state = ExternalCheckState()
    #expect(!state.allowsSubmit)
    state.valueChanged(isEmpty: false)
    #expect(!state.allowsSubmit)
    state.receive(.accepted)
    #expect(state.allowsSubmit)
    state.valueChanged(isEmpty: false)
    #expect(!state.allowsSubmit, "a new value waits for its own verdict")
  }

  @Test func aRefusalStaysInSightWhileTheNextVerdictIsAwaited() {
    var state = ExternalCheckState()
    state.receive(refused)
    #expect(!state.allowsSubmit)
    state.valueChanged(isEmpty: false)
    #expect(state.shownRefusal?.message == "Too short.")
    #expect(state.shownRefusal?.details == "Not allowed")
    state.receive(.accepted)
    #expect(state.shownRefusal == nil)
  }

  @Test func emptyingTheFieldClearsTheRefusal() {
    var state = ExternalCheckState()
    state.receive(refused)
    state.valueChanged(isEmpty: true)
    #expect(state.shownRefusal == nil)
    #expect(!state.allowsSubmit)
  }

  @Test func aCheckerWithoutVerdictsDoesNotHoldTheFormBack() {
    var state = ExternalCheckState()
    state.receive(.unavailable)
    #expect(state.allowsSubmit)
    state.valueChanged(isEmpty: false)
    #expect(state.allowsSubmit)
  }
}
