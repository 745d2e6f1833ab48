import LoginFormModel
import Testing

@testable import LoginFormProtocols

/// Every prompt quoted in the integration notes, classified.
@Suite struct AskpassRequestTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let prompt: String
    let mode: String?
    let question: AskpassQuestion
    let client: AskpassClient
    var testDescription: String { prompt }
  }

  static let cases: [Case] = [
    Case(
      prompt: "Enter passphrase for /home/alice/.ssh/id_ed25519: ", mode: nil,
      question: .entry(.passphrase), client: .ssh),
    Case(
      prompt: "Bad passphrase, try again for /home/alice/.ssh/id_ed25519: ", mode: nil,
      question: .entry(.passphrase), client: .ssh),
    Case(
      prompt: "Enter passphrase for /tmp/key (will confirm each use): ", mode: nil,
      question: .entry(.passphrase), client: .ssh),
    Case(
      prompt: "alice@build.example.org's password: ", mode: nil, question: .entry(.password),
      client: .ssh),
    Case(
      prompt: "The authenticity of host 'h (127.0.0.1)' can't be established.\n"
        + "ED25519 key fingerprint is SHA256:abc.\n"
        + "Are you sure you want to continue connecting (yes/no/[fingerprint])? ", mode: nil,
      question: .yesNo, client: .ssh),
    Case(prompt: "Add this host (yes/no)? ", mode: nil, question: .yesNo, client: .ssh),
    Case(
      prompt: "Allow use of key /tmp/key?\nKey fingerprint SHA256:Qm9vZ2xl.", mode: "confirm",
      question: .confirmation, client: .ssh),
    Case(
      prompt: "Confirm user presence for key ED25519-SK SHA256:abc", mode: "none",
      question: .presence, client: .ssh),
    Case(
      prompt: "[sudo] password for alice: ", mode: nil, question: .entry(.password),
      client: .sudo),
    Case(
      prompt: "Username for 'https://git.example.org': ", mode: nil,
      question: .entry(.username), client: .git),
    Case(
      prompt: "Password for 'https://alice@git.example.org': ", mode: nil,
      question: .entry(.password), client: .git),
    Case(
      prompt: "Enter PIN for ECDSA-SK key /home/alice/.ssh/id_ecdsa_sk: ", mode: nil,
      question: .entry(.pin), client: .ssh),
    Case(prompt: "Password: ", mode: nil, question: .entry(.password), client: .unknown),
    Case(
      prompt: "Enter passphrase for key '/home/alice/.ssh/id_rsa': ", mode: "",
      question: .entry(.passphrase), client: .ssh),
  ]

  @Test("Each quoted prompt asks the right question of the right client", arguments: cases)
  func eachPromptIsClassified(_ example: Case) {
    let request = AskpassRequest(prompt: example.prompt, promptMode: example.mode)
    #expect(request.question == example.question)
    #expect(request.client == example.client)
    #expect(request.prompt == example.prompt)
  }

  @Test func sshSudoAndUnknownAnswersAreLimitedTo1023Bytes() {
    let ssh = AskpassRequest(prompt: "Enter passphrase for /k: ", promptMode: nil)
    let sudo = AskpassRequest(prompt: "[sudo] password for alice: ", promptMode: nil)
    let unknown = AskpassRequest(prompt: "Secret: ", promptMode: nil)
    #expect(ssh.maximumAnswerBytes == 1023)
    #expect(sudo.maximumAnswerBytes == 1023)
    #expect(unknown.maximumAnswerBytes == 1023)
  }

  @Test func gitAndButtonOnlyQuestionsHaveNoByteLimit() {
    let git = AskpassRequest(prompt: "Password for 'https://h': ", promptMode: nil)
    let confirm = AskpassRequest(prompt: "Allow use of key k?", promptMode: "confirm")
    let hostKey = AskpassRequest(prompt: "Continue (yes/no)? ", promptMode: nil)
    #expect(git.maximumAnswerBytes == nil)
    #expect(confirm.maximumAnswerBytes == nil)
    #expect(hostKey.maximumAnswerBytes == nil)
  }

  @Test func gitsUsernameIsOneVisibleField() {
    let request = AskpassRequest(prompt: "Username for 'https://h': ", promptMode: nil)
    #expect(request.shape == .usernameOnly)
    #expect(request.question == .entry(.username))
    #expect(!AskpassField.username.isSecret)
  }

  @Test func secretsAreOneHiddenField() {
    for prompt in ["[sudo] password for bob: ", "Enter PIN for 'token': ", "x's password: "] {
      let request = AskpassRequest(prompt: prompt, promptMode: nil)
      #expect(request.shape == .passwordOnly, "\(prompt)")
      if case .entry(let field) = request.question { #expect(field.isSecret) }
    }
  }

  @Test func buttonOnlyQuestionsHaveNoFields() {
    #expect(AskpassRequest(prompt: "q", promptMode: "confirm").shape == nil)
    #expect(AskpassRequest(prompt: "q", promptMode: "none").shape == nil)
    #expect(AskpassRequest(prompt: "Continue (yes/no)? ", promptMode: nil).shape == nil)
  }

  @Test func thePromptModeIgnoresCaseAndOtherValuesAskForASecret() {
    #expect(AskpassRequest(prompt: "Allow?", promptMode: "CONFIRM").question == .confirmation)
    #expect(AskpassRequest(prompt: "Touch", promptMode: "None").question == .notification)
    #expect(
      AskpassRequest(prompt: "Password: ", promptMode: "prompt").question == .entry(.password))
  }

  @Test func aWordContainingPinIsNotAPin() {
    let request = AskpassRequest(prompt: "Password for PINGUIN: ", promptMode: nil)
    #expect(request.question == .entry(.password))
  }
}
