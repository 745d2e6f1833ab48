import LoginFormModel
import Testing

@testable import LoginFormProtocols

/// ssh's security-key, token and one-time-code prompts, quoted as OpenSSH
/// 9.2p1 words them (the file and line each comes from is named), and
/// what each is taken to ask.
@Suite struct AskpassSecurityKeyTests {
  private let fingerprint = "SHA256:7Tc3gPdr8ufJ9SmmXGEExZ2AasMsnNlUoQdVLA3o+cU"

  @Test func thePresenceNoticeNamesTheKeyAndNothingElse() {
    // sshconnect2.c, ssh-keygen.c: "Confirm user presence for key %s %s".
    let request = AskpassRequest(
      prompt: "Confirm user presence for key ED25519-SK \(fingerprint)", promptMode: "none")
    #expect(request.question == .presence)
    #expect(request.client == .ssh)
    #expect(request.device == .securityKey(type: "ED25519-SK", key: fingerprint, needsTouch: true))
    #expect(request.purpose == nil)
    #expect(request.shape == nil)
  }

  @Test func theAgentsPresenceNoticeSaysWhatTheSignatureIsFor() {
    // ssh-agent.c: "Confirm user presence for key %s %s%s%s", the last two
    // "\n" and sig_dest for a destination-constrained key.
    let request = AskpassRequest(
      prompt: "Confirm user presence for key ECDSA-SK \(fingerprint)\n"
        + "public key authentication request for user \"alice\" to listed host",
      promptMode: "none")
    #expect(request.question == .presence)
    #expect(request.device == .securityKey(type: "ECDSA-SK", key: fingerprint, needsTouch: true))
    #expect(
      request.purpose == "public key authentication request for user \"alice\" to listed host")
  }

  @Test func thePresenceTextWithoutPromptModeNoneIsNotANotice() {
    let request = AskpassRequest(
      prompt: "Confirm user presence for key ED25519-SK \(fingerprint)", promptMode: nil)
    #expect(request.question == .entry(.password))
    #expect(request.device == nil)
  }

  @Test func anyOtherNoticeStaysAPlainNotification() {
    let request = AskpassRequest(prompt: "User presence confirmed", promptMode: "none")
    #expect(request.question == .notification)
    #expect(request.device == nil)
  }

  @Test func aPINFollowedByATouchIsAPINForThatKey() {
    // ssh-agent.c: "Enter PIN%sfor %s key %s: " with " and confirm user presence ".
    let request = AskpassRequest(
      prompt: "Enter PIN and confirm user presence for ED25519-SK key \(fingerprint): ",
      promptMode: nil)
    #expect(request.question == .entry(.pin))
    #expect(request.client == .ssh)
    #expect(request.device == .securityKey(type: "ED25519-SK", key: fingerprint, needsTouch: true))
    #expect(request.shape == .passwordOnly)
    #expect(request.maximumAnswerBytes == 1023)
  }

  @Test func theAgentsPINWithoutATouchNamesTheKey() {
    // ssh-agent.c, the same format with " " for a key that needs no touch.
    let request = AskpassRequest(
      prompt: "Enter PIN for ED25519-SK key \(fingerprint): ", promptMode: nil)
    #expect(request.question == .entry(.pin))
    #expect(request.device == .securityKey(type: "ED25519-SK", key: fingerprint, needsTouch: false))
  }

  @Test func sshsPINForAKeyFileNamesTheFile() {
    // sshconnect2.c: "Enter PIN for %s key %s: " with the identity's file.
    let request = AskpassRequest(
      prompt: "Enter PIN for ECDSA-SK key /home/alice/.ssh/id_ecdsa_sk: ", promptMode: nil)
    #expect(request.question == .entry(.pin))
    #expect(
      request.device
        == .securityKey(type: "ECDSA-SK", key: "/home/alice/.ssh/id_ecdsa_sk", needsTouch: false))
  }

  @Test func sshKeygensPINPromptsNameTheKeyTypeOrNothing() {
    // ssh-keygen.c: "Enter PIN for %s key: ", "Enter PIN for CA key: ";
    // ssh-add.c and ssh-keygen.c: "Enter PIN for authenticator: ".
    let cases: [(String, AskpassDevice)] = [
      (
        "Enter PIN for ED25519-SK key: ",
        .securityKey(type: "ED25519-SK", key: nil, needsTouch: false)
      ),
      ("Enter PIN for CA key: ", .securityKey(type: "CA", key: nil, needsTouch: false)),
      ("Enter PIN for authenticator: ", .securityKey(type: nil, key: nil, needsTouch: false)),
    ]
    for (prompt, device) in cases {
      let request = AskpassRequest(prompt: prompt, promptMode: nil)
      #expect(request.question == .entry(.pin), "\(prompt)")
      #expect(request.device == device, "\(prompt)")
      #expect(request.client == .ssh, "\(prompt)")
    }
  }

  @Test func aTokensPINNamesItsLabel() {
    // ssh-pkcs11.c: "Enter PIN for '%s': " with the token's label.
    let request = AskpassRequest(prompt: "Enter PIN for 'SoftHSM token': ", promptMode: nil)
    #expect(request.question == .entry(.pin))
    #expect(request.device == .token(label: "SoftHSM token"))
    #expect(request.client == .ssh)
  }

  @Test func sshAddsPKCS11PassphraseIsTheTokensPIN() {
    // ssh-add.c: read_passphrase("Enter passphrase for PKCS#11: ", …).
    let request = AskpassRequest(prompt: "Enter passphrase for PKCS#11: ", promptMode: nil)
    #expect(request.question == .entry(.pin))
    #expect(request.device == .token(label: nil))
  }

  @Test func aVerificationCodeIsTypedInClear() {
    // sshconnect2.c prefixes keyboard-interactive prompts with "(%s@%s) ";
    // the prompt itself is the server's (PAM's authenticator modules).
    for prompt in ["(alice@build.example.org) Verification code: ", "Verification code:"] {
      let request = AskpassRequest(prompt: prompt, promptMode: nil)
      #expect(request.question == .entry(.oneTimeCode), "\(prompt)")
      #expect(request.shape == .usernameOnly, "\(prompt)")
      #expect(!AskpassField.oneTimeCode.isSecret)
      #expect(request.device == nil)
    }
  }

  @Test func nearMissesAreNotSecurityKeyPrompts() {
    let cases: [(String, AskpassField)] = [
      ("Enter PIN for key: ", .pin),  // no type: the generic rule still says PIN
      ("Enter passphrase for PKCS#11 token: ", .passphrase),
      ("(alice@host) Password: ", .password),
      ("Verification code for alice: ", .password),
    ]
    for (prompt, field) in cases {
      let request = AskpassRequest(prompt: prompt, promptMode: nil)
      #expect(request.question == .entry(field), "\(prompt)")
      #expect(request.device == nil, "\(prompt)")
    }
  }
}
