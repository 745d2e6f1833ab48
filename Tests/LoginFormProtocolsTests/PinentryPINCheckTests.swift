import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

/// `INQUIRE CHECKPIN` against gpg-agent 2.2.40's passphrase constraints,
/// with the agent's lines as it sends them (agent/call-pinentry.c
/// `setup_enforced_constraints` and `inq_cb`).
@Suite struct PinentryPINCheckTests {
  /// What gpg-agent 2.2.40 refuses "short" with, under
  /// `min-passphrase-len 12` and `min-passphrase-nonalpha 2`, as its D line.
  static let refusalLine =
    "D Warning: You have entered an insecure passphrase.%0A%0AA passphrase should be at least "
    + "12 characters long.%0AA passphrase should contain at least 2 digits or%0Aspecial "
    + "characters."
  static let refusal =
    "Warning: You have entered an insecure passphrase.\n\nA passphrase should be at least "
    + "12 characters long.\nA passphrase should contain at least 2 digits or\nspecial characters."

  /// A session at `GETPIN` for a new passphrase, as `gpg --symmetric` asks
  /// it of 2.2.40 with `enforce-passphrase-constraints`.
  private func newPassphrase(_ extra: String...) -> PinentryDriver {
    let driver = PinentryDriver()
    driver.prepare(
      "SETKEYINFO u/SB95C2CA57F0C4CD8", "SETDESC Enter passphrase%0A", "SETPROMPT Passphrase:",
      "SETREPEATERROR does not match - try again", "SETGENPIN Suggest",
      "SETGENPIN_TT Suggest a random passphrase.", "OPTION constraints-enforce",
      "OPTION constraints-error-title=Passphrase Not Allowed")
    for line in extra { driver.prepare(line) }
    driver.prepare("SETREPEAT Repeat:")
    _ = driver.send("GETPIN")
    _ = driver.output()
    return driver
  }

  @Test func theAgentsRulesComeWithANewPassphrase() throws {
    let driver = newPassphrase(
      "OPTION constraints-hint-short=At least 12 characters%2C 2 of them not letters",
      "OPTION constraints-hint-long=Long%0Ahint")
    let constraints = try #require(driver.session.openRequest?.constraints)
    #expect(constraints.shortHint == "At least 12 characters, 2 of them not letters")
    #expect(constraints.longHint == "Long\nhint")
    #expect(constraints.errorTitle == "Passphrase Not Allowed")
  }

  @Test func aCheckSendsThePINEscapedAsTheAgentReadsIt() {
    let driver = newPassphrase()
    #expect(driver.requestPINCheck(of: "a b+c%"))
    #expect(driver.output() == "INQUIRE CHECKPIN a+b%2Bc%25\n")
  }

  @Test func aRefusalCarriesTheAgentsWords() {
    let driver = newPassphrase()
    driver.requestPINCheck(of: "short")
    #expect(driver.send(Self.refusalLine).isNone)
    #expect(driver.send("END").pinCheck == .refused(Self.refusal))
    #expect(driver.output() == "INQUIRE CHECKPIN short\n")
  }

  @Test func aPassIsTwoEndsAndTheSecondIsNeitherAnsweredNorTakenForTheNextAnswer() throws {
    let driver = newPassphrase()
    driver.requestPINCheck(of: "long enough 42!!")
    #expect(driver.send("END").pinCheck == .accepted)
    // The glue asks again at once, before the stray END is read.
    #expect(driver.requestPINCheck(of: "long enough 42!!x"))
    #expect(driver.send("END").isNone, "the stray END of the first check")
    #expect(driver.session.openRequest != nil)
    #expect(driver.send(Self.refusalLine).isNone)
    #expect(driver.send("END").pinCheck == .refused(Self.refusal))
    #expect(
      driver.output()
        == "INQUIRE CHECKPIN long+enough+42!!\nINQUIRE CHECKPIN long+enough+42!!x\n")
    // OK and nothing else: no answer to the stray END before GETPIN's.
    #expect(try driver.submit("long enough 42!!x", repeated: true).isNone)
    #expect(driver.output() == "S PIN_REPEATED\nD long enough 42!!x\nOK\n")
  }

  @Test func aStrayEndWhileNoInquiryIsOutIsDroppedToo() throws {
    let driver = newPassphrase()
    driver.requestPINCheck(of: "long enough 42!!")
    driver.send("END")
    #expect(driver.send("END").isNone)
    _ = driver.output()
    try driver.submit("long enough 42!!", repeated: true)
    #expect(driver.output() == "S PIN_REPEATED\nD long enough 42!!\nOK\n")
    #expect(driver.answer("END") == "OK\n", "an END of the agent's own is answered as ever")
  }

  @Test func onlyOneCheckIsOutAndAVerdictOnAnOlderPINIsDropped() {
    let driver = newPassphrase()
    #expect(driver.requestPINCheck(of: "s"))
    #expect(!driver.requestPINCheck(of: "sh"))
    #expect(!driver.requestPINCheck(of: "sho"))
    #expect(driver.output() == "INQUIRE CHECKPIN s\n")
    driver.send(Self.refusalLine)
    let ended = driver.send("END")
    #expect(ended.withoutWish.isNone, "the verdict on \"s\" is not the one on \"sho\"")
    #expect(ended.wanted == .check)
    #expect(driver.requestPINCheck(of: "sho"))
    #expect(driver.output() == "INQUIRE CHECKPIN sho\n")
  }

  @Test func aCheckWaitsForARatingAndTheRatingForTheCheck() {
    let driver = newPassphrase("SETQUALITYBAR Quality:")
    #expect(driver.requestQuality(of: "p"))
    #expect(!driver.requestPINCheck(of: "p"))
    driver.send("D 10")
    let rated = driver.send("END")
    #expect(rated.quality == 10)
    #expect(rated.wanted == .check)
    #expect(driver.requestPINCheck(of: "p"))
    #expect(!driver.requestQuality(of: "pw"))
    let checked = driver.send("END")
    #expect(checked.pinCheck == .accepted)
    #expect(checked.wanted == .rating)
  }

  @Test func anEmptyPINIsNotSentAndDropsAWaitingCheck() {
    let driver = newPassphrase()
    driver.requestPINCheck(of: "a")
    #expect(!driver.requestPINCheck(of: ""))
    #expect(driver.send("END").wanted == .check)
    #expect(!driver.requestPINCheck(of: ""))
    #expect(driver.output() == "INQUIRE CHECKPIN a\n")
  }

  @Test func anAgentThatGivesNoVerdictLeavesItToItsOwnCheck() {
    for end in ["CAN", "ERR 536871183 Unexpected IPC command <GPG Agent>"] {
      let driver = newPassphrase()
      driver.requestPINCheck(of: "pw")
      #expect(driver.send(end).pinCheck == .unavailable, "\(end)")
      _ = driver.output()
      // No stray END follows: an END now is the agent's own, held while
      // the window is open and answered after it.
      driver.send("END")
      #expect(driver.output() == "")
      driver.dismiss(.cancelled)
      #expect(driver.output().hasSuffix(">\nOK\n"), "\(end)")
    }
  }

  @Test func aCheckThatOutlivesItsWindowIsReadAndForgotten() {
    let driver = newPassphrase()
    driver.requestPINCheck(of: "pw")
    driver.dismiss(.cancelled)
    _ = driver.output()
    #expect(driver.send("END").isNone)
    #expect(driver.send("END").isNone, "its stray END")
    #expect(driver.answer("NOP") == "OK\n")
  }

  @Test func noCheckWithoutConstraintsOrForAPassphraseAskedOnce() {
    let unlock = PinentryDriver()
    unlock.prepare("OPTION constraints-enforce", "SETPROMPT Passphrase:")
    _ = unlock.send("GETPIN")
    #expect(unlock.session.openRequest?.constraints == nil)
    #expect(!unlock.requestPINCheck(of: "pw"))
    let unenforced = PinentryDriver()
    unenforced.prepare("SETREPEAT Repeat:")
    _ = unenforced.send("GETPIN")
    #expect(unenforced.session.openRequest?.constraints == nil)
    #expect(!unenforced.requestPINCheck(of: "pw"))
    #expect(unlock.output() + unenforced.output() == "")
  }

  @Test func repeatOKComesWithTheRepeatAndSurvivesARetry() throws {
    let driver = PinentryDriver()
    driver.prepare("SETREPEATOK Passphrases match.", "SETREPEAT Repeat:")
    #expect(driver.send("GETPIN").request?.repeatOK == "Passphrases match.")
    try driver.submit("pw", repeated: true)
    driver.prepare("SETERROR Bad", "SETREPEAT Repeat:")
    #expect(driver.send("GETPIN").request?.repeatOK == "Passphrases match.")
    driver.dismiss(.cancelled)
    #expect(driver.send("GETPIN").request?.repeatOK == nil, "no repeat, no confirmation")
  }
}
