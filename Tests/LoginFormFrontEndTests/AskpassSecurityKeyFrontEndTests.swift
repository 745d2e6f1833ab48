import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// What ssh's security-key, token and one-time-code prompts look like, from
/// OpenSSH 9.2p1's exact strings.
@Suite struct AskpassSecurityKeyFrontEndTests {
  private let fingerprint = "SHA256:7Tc3gPdr8ufJ9SmmXGEExZ2AasMsnNlUoQdVLA3o+cU"

  private func prompt(_ text: String, mode: String? = nil, grab: String? = nil) -> Prompt {
    AskpassFrontEnd.prompt(
      for: AskpassRequest(prompt: text, promptMode: mode),
      environment: LaunchEnvironment(grab: grab))
  }

  @Test func thePresenceNoticeSaysToTouchTheKeyAndNamesIt() throws {
    let notice = try #require(
      prompt("Confirm user presence for key ED25519-SK \(fingerprint)", mode: "none").notice)
    #expect(notice.heading == "Touch your security key")
    #expect(
      notice.text
        == shown(
          "OpenSSH needs a signature from the ED25519-SK key \(fingerprint). "
            + "Touching the security key confirms that you are there.\n\n"
            + "This notice closes by itself once the key has been touched."))
    #expect(notice.closeLabel == "_Close")
    #expect(notice.title == "OpenSSH")
  }

  @Test func thePresenceNoticeTakesNoKeysEvenWhenTheDropInsGrab() throws {
    let notice = try #require(
      prompt("Confirm user presence for key ED25519-SK \(fingerprint)", mode: "none", grab: "1")
        .notice)
    #expect(!notice.options.grabsKeyboard)
    #expect(notice.options.timeoutSeconds == nil)
  }

  @Test func thePresenceNoticeSaysWhatTheAgentSignsFor() throws {
    let notice = try #require(
      prompt(
        "Confirm user presence for key ED25519-SK \(fingerprint)\n"
          + "public key authentication request for user \"bob\" to listed host", mode: "none"
      ).notice)
    #expect(
      notice.text.contains(
        shown("Requested for: public key authentication request for user \"bob\" to listed host")))
  }

  @Test func closingOrEndingThePresenceNoticePrintsNothing() {
    let request = AskpassRequest(
      prompt: "Confirm user presence for key ED25519-SK \(fingerprint)", promptMode: "none")
    #expect(AskpassFrontEnd.answer(to: .answered(true), for: request).written == ("", .submitted))
    let terminated = AskpassFrontEnd.answer(to: .interrupted(signal: 15), for: request)
    #expect(terminated.written == ("", .cancelled))
    #expect(terminated.failure == nil)
  }

  @Test func aPINThenTouchAsksForThePINAndSaysATouchFollows() throws {
    let form = try #require(
      prompt("Enter PIN and confirm user presence for ED25519-SK key \(fingerprint): ").form)
    #expect(form.shape == .passwordOnly)
    #expect(form.passwordLabel == "P_IN")
    #expect(
      form.text
        == shown(
          "Enter the PIN of your security key for the ED25519-SK key \(fingerprint), "
            + "then touch your security key."))
    #expect(form.title == "Unlock SSH Key")
    #expect(form.okLabel == "_Unlock")
    #expect(form.rules.password.maximumBytes == 1023)
  }

  @Test func aSecurityKeysPINNamesTheKeyFile() throws {
    let form = try #require(prompt("Enter PIN for ECDSA-SK key /home/bob/.ssh/id_ecdsa_sk: ").form)
    #expect(form.passwordLabel == "P_IN")
    #expect(
      form.text
        == shown(
          "Enter the PIN of your security key for the ECDSA-SK key /home/bob/.ssh/id_ecdsa_sk."))
  }

  @Test func anAuthenticatorsPINNamesNoKey() throws {
    let form = try #require(prompt("Enter PIN for authenticator: ").form)
    #expect(form.passwordLabel == "P_IN")
    #expect(form.text == shown("Enter the PIN of your security key."))
  }

  @Test func aTokensPINIsLabelledPINAndNamesTheToken() throws {
    let form = try #require(prompt("Enter PIN for 'SoftHSM token': ").form)
    #expect(form.passwordLabel == "P_IN")
    #expect(form.text == shown("Enter the PIN of the token “SoftHSM token”."))
  }

  @Test func sshAddsPKCS11PassphraseIsLabelledPINNotPassphrase() throws {
    let form = try #require(prompt("Enter passphrase for PKCS#11: ").form)
    #expect(form.passwordLabel == "P_IN")
    #expect(
      form.text == shown("Enter the PIN of the PKCS#11 token (a smart card or a software token)."))
  }

  @Test func everyDevicePINIsTheSameJobWithTheSameTitleAndVerb() throws {
    for text in [
      "Enter PIN for ECDSA-SK key /home/bob/.ssh/id_ecdsa_sk: ", "Enter PIN for authenticator: ",
      "Enter PIN for 'SoftHSM token': ", "Enter passphrase for PKCS#11: ",
      "Enter passphrase for /home/bob/.ssh/id_ed25519: ",
    ] {
      let form = try #require(prompt(text).form)
      #expect(form.title == "Unlock SSH Key", "\(text)")
      #expect(form.okLabel == "_Unlock", "\(text)")
    }
  }

  @Test func aVerificationCodeIsOneVisibleFieldPrintedAlone() throws {
    let text = "(alice@build.example.org) Verification code: "
    let form = try #require(prompt(text).form)
    #expect(form.shape == .usernameOnly)
    #expect(form.usernameLabel == "_Verification code")
    #expect(form.text == shown("(alice@build.example.org) Verification code"), "without the colon")
    #expect(form.title == "OpenSSH")
    #expect(!prompt(text).asksForSecret)
    let answer = AskpassFrontEnd.answer(
      to: .submitted(.typed(username: "123456")),
      for: AskpassRequest(prompt: text, promptMode: nil))
    #expect(answer.written == ("123456\n", .submitted))
  }
}
