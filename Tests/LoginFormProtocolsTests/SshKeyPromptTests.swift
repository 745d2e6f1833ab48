import Testing

@testable import LoginFormProtocols

/// Which ssh prompts name a key file whose passphrase the password manager
/// may hold (OpenSSH 9.2's wording).
@Suite struct SshKeyPromptTests {
  @Test(arguments: [
    ("Enter passphrase for /home/a/.ssh/id_ed25519: ", "/home/a/.ssh/id_ed25519", false),
    ("Enter passphrase for key (will confirm each use): ", "key", false),
    ("Enter passphrase for key '/home/a/.ssh/id_rsa': ", "/home/a/.ssh/id_rsa", false),
    ("Bad passphrase, try again for /tmp/k: ", "/tmp/k", true),
    ("Bad passphrase, try again for k (will confirm each use): ", "k", true),
    ("Enter passphrase for a path: with colon: ", "a path: with colon", false),
  ])
  func aKeyPassphrasePromptNamesItsFile(prompt: String, path: String, isRetry: Bool) throws {
    let key = try #require(SshKeyPrompt(prompt: prompt))
    #expect(key.keyPath == path)
    #expect(key.isRetry == isRetry)
  }

  @Test(arguments: [
    "Enter passphrase for PKCS#11: ",
    "Enter passphrase: ",
    "Enter passphrase for : ",
    "Enter PIN for ED25519-SK key /tmp/k: ",
    "user@host's password: ",
    "Enter passphrase for /tmp/k",
    "Enter passphrase for /tmp/k\nsecond line: ",
  ])
  func otherPromptsNameNoKey(prompt: String) {
    #expect(SshKeyPrompt(prompt: prompt) == nil)
  }

  @Test func aQuotedPathSshMayHaveCutNamesNoKey() {
    let long = "/" + String(repeating: "d", count: 99)
    #expect(SshKeyPrompt(prompt: "Enter passphrase for key '\(long)': ") == nil)
    let fits = String(long.dropLast())
    #expect(SshKeyPrompt(prompt: "Enter passphrase for key '\(fits)': ")?.keyPath == fits)
  }
}
