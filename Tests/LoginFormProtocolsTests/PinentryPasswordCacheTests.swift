import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

/// When a GETPIN may be answered from the password manager, and how
/// CLEARPASSPHRASE and a cached answer reach the agent, as in pinentry 1.2.1.
@Suite struct PinentryPasswordCacheTests {
  private func driver(allowing: Bool = true) -> PinentryDriver {
    let driver = PinentryDriver()
    if allowing { driver.prepare("OPTION allow-external-password-cache") }
    return driver
  }

  @Test func theCacheIsTriedOncePerKeyWithTheAgentsLeave() throws {
    let driver = driver()
    driver.prepare("SETKEYINFO n/AAAA")
    #expect(driver.send("GETPIN").request?.usesPasswordCache == true)
    driver.dismiss(.cancelled)
    // The agent asks again (its own retry): the cache was tried already.
    #expect(driver.send("GETPIN").request?.usesPasswordCache == false)
    driver.dismiss(.cancelled)
    driver.prepare("SETKEYINFO n/BBBB")
    #expect(driver.send("GETPIN").request?.usesPasswordCache == true)
  }

  @Test func withoutTheOptionOrAKeyNothingIsLookedUpOrOffered() throws {
    let refused = driver(allowing: false)
    refused.prepare("SETKEYINFO n/AAAA")
    let request = try #require(refused.send("GETPIN").request)
    #expect(!request.usesPasswordCache && !request.mayCachePassword)

    for line in ["SETKEYINFO --clear", "SETKEYINFO"] {
      let driver = driver()
      driver.prepare("SETKEYINFO n/AAAA", line)
      let request = try #require(driver.send("GETPIN").request)
      #expect(!request.usesPasswordCache && !request.mayCachePassword, "\(line)")
    }
  }

  @Test func aNewPassphraseOrARetryIsNeverAnsweredFromTheCacheButMayBeSaved() throws {
    for line in ["SETREPEAT Repeat:", "SETERROR Bad Passphrase (try 2 of 3)"] {
      let driver = driver()
      driver.prepare("SETKEYINFO u/CCCC", line)
      let request = try #require(driver.send("GETPIN").request)
      #expect(!request.usesPasswordCache, "\(line)")
      #expect(request.mayCachePassword, "\(line)")
    }
  }

  @Test func aConfirmationIsNeverCached() throws {
    let driver = driver()
    driver.prepare("SETKEYINFO n/AAAA")
    let request = try #require(driver.send("CONFIRM").request)
    #expect(!request.usesPasswordCache && !request.mayCachePassword)
    driver.confirm()
    // The confirmation did not use up the key's one lookup.
    #expect(driver.send("GETPIN").request?.usesPasswordCache == true)
  }

  @Test func aCachedPINIsSentWithPinentrysStatusLine() throws {
    let driver = driver()
    driver.prepare("SETKEYINFO n/AAAA", "GETPIN")
    let event = try withBytes("pass 100%") { pin in
      try driver.session.submitCached(pin: pin, into: &driver.sink)
    }
    #expect(event.isNone)
    #expect(driver.output() == "S PASSWORD_FROM_CACHE\nD pass 100%25\nOK\n")
    #expect(driver.answer("BYE") == "OK closing connection\n")
  }

  @Test func aCachedPINTheAgentCannotTakeWritesNothingAndLeavesTheRequestOpen() throws {
    let driver = driver()
    driver.prepare("SETKEYINFO n/AAAA", "GETPIN")
    #expect(throws: PinentrySubmitError.empty) {
      try withBytes("") { try driver.session.submitCached(pin: $0, into: &driver.sink) }
    }
    #expect(throws: PinentrySubmitError.tooManyBytes(maximum: 255, actual: 256)) {
      try withBytes(String(repeating: "x", count: 256)) {
        try driver.session.submitCached(pin: $0, into: &driver.sink)
      }
    }
    #expect(driver.output() == "")
    #expect(driver.session.isWindowOpen)
    try driver.submit("typed")
    #expect(driver.output() == "D typed\nOK\n")
  }

  @Test func clearPassphraseAsksTheGlueAndIsAnsweredAsPinentryAnswers() {
    let answers: [(PinentryCacheClearing, String)] = [
      (.removed, "OK\n"),
      (.notFound, "ERR 83886341 Invalid value passed to IPC <Pinentry>\n"),
      (.failed, "ERR 83886337 General IPC error <Pinentry>\n"),
    ]
    for (outcome, expected) in answers {
      let driver = PinentryDriver()
      guard case .clearPassphrase(let key) = driver.send("CLEARPASSPHRASE n/ABCD  ") else {
        Issue.record("no clearPassphrase event")
        return
      }
      #expect(key == "n/ABCD")
      #expect(driver.output() == "")
      #expect(driver.session.answerClearPassphrase(outcome, into: &driver.sink).isNone)
      #expect(driver.output() == expected)
    }
  }

  @Test func clearPassphraseWithoutAKeyIsRefused() {
    let driver = PinentryDriver()
    #expect(
      driver.answer("CLEARPASSPHRASE") == "ERR 83886341 Invalid value passed to IPC <Pinentry>\n")
    #expect(
      driver.answer("CLEARPASSPHRASE   ") == "ERR 83886341 Invalid value passed to IPC <Pinentry>\n"
    )
  }

  @Test func aClearPassphraseHeldBehindAWindowComesAfterItAndTheRestAfterItsAnswer() throws {
    let driver = PinentryDriver()
    driver.prepare("GETPIN")
    #expect(driver.send("CLEARPASSPHRASE n/ABCD").isNone)
    #expect(driver.send("NOP").isNone)
    #expect(driver.output() == "")
    let event = try driver.submit("pw")
    guard case .clearPassphrase("n/ABCD") = event else {
      Issue.record("expected the held CLEARPASSPHRASE, got \(event)")
      return
    }
    #expect(driver.output() == "D pw\nOK\n")
    #expect(driver.session.answerClearPassphrase(.removed, into: &driver.sink).isNone)
    #expect(driver.output() == "OK\nOK\n")
  }
}
