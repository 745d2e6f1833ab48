import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

/// gpg-agent's smart-card requests (gnupg 2.2.40, agent/divert-scd.c
/// `getpin_cb`, agent/call-pinentry.c `agent_askpin` and
/// `agent_popup_message_start`), as the agent sends them.
@Suite struct PinentryCardTests {
  private func request(_ lines: String...) -> PinentryRequest? {
    let driver = PinentryDriver()
    var request: PinentryRequest?
    for line in lines { request = driver.send(line).request ?? request }
    return request
  }

  @Test func eachCardSecretIsKnownByTheAgentsPrompt() {
    let cases: [(String, PinentryDeviceRequest.CardSecret)] = [
      ("PIN", .pin), ("Admin PIN", .adminPIN), ("PUK", .puk), ("Reset Code", .resetCode),
    ]
    for (prompt, secret) in cases {
      let asked = request(
        "SETKEYINFO --clear", "SETDESC Please enter the PIN%0A%0A||Please enter the PIN",
        "SETPROMPT \(prompt)", "GETPIN")
      #expect(asked?.device == .cardSecret(secret), "\(prompt)")
      #expect(asked?.keyInfo == nil, "\(prompt)")
    }
  }

  @Test func aNewPINsSecondWindowIsTheSameSecret() {
    // divert-scd.c asks a new PIN again with the description "Repeat this PIN".
    let asked = request(
      "SETKEYINFO --clear", "SETDESC Repeat this PIN", "SETPROMPT PIN", "GETPIN")
    #expect(asked?.device == .cardSecret(.pin))
    #expect(asked?.description == "Repeat this PIN")
  }

  @Test func aPassphraseOrACachedKeyIsNoCardSecret() {
    #expect(request("SETKEYINFO --clear", "SETPROMPT Passphrase:", "GETPIN")?.device == nil)
    #expect(request("SETKEYINFO n/ABCDEF", "SETPROMPT PIN", "GETPIN")?.device == nil)
    #expect(request("SETKEYINFO --clear", "SETPROMPT PIN:", "GETPIN")?.device == nil)
  }

  @Test func thePinpadAndTheButtonAreWaitsForTheReader() {
    let pinpad = request(
      "SETDESC Please enter the PIN%0A%0AUse the reader's pinpad for input.",
      "CONFIRM --one-button")
    #expect(pinpad?.device == .readerWaits(.pinpad))
    let button = request("SETDESC Push ACK button on card/token.", "CONFIRM --one-button")
    #expect(button?.device == .readerWaits(.button))
  }

  @Test func anyOtherMessageOrQuestionIsNoWait() {
    #expect(request("SETDESC Use the reader's pinpad for input.", "CONFIRM")?.device == nil)
    #expect(request("SETDESC Take this one anyway", "CONFIRM --one-button")?.device == nil)
  }
}
