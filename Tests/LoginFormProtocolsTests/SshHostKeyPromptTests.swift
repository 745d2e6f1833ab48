import Testing

@testable import LoginFormProtocols

/// ssh's unknown-host-key question as OpenSSH 9.2 writes it (captured from
/// `ssh` asking its askpass, and from sshconnect.c for the variants).
@Suite struct SshHostKeyPromptTests {
  static let plain =
    "The authenticity of host '[127.0.0.1]:2299 ([127.0.0.1]:2299)' can't be established.\n"
    + "ED25519 key fingerprint is SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA.\n"
    + "This key is not known by any other names.\n"
    + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "

  @Test func theHostTheKeyAndSshsRemarksAreTakenApart() throws {
    let prompt = try #require(SshHostKeyPrompt(Self.plain))
    #expect(prompt.host == "[127.0.0.1]:2299")
    #expect(prompt.address == nil, "the same as the host")
    #expect(prompt.keyType == "ED25519")
    #expect(prompt.fingerprint.text == "SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA")
    #expect(prompt.randomArt.isEmpty)
    #expect(prompt.notes == ["This key is not known by any other names."])
  }

  @Test func aNameAndAnAddressAreBothKept() throws {
    let prompt = try #require(
      SshHostKeyPrompt(
        "The authenticity of host 'git.example.org (192.0.2.7)' can't be established.\n"
          + "ECDSA key fingerprint is SHA256:Qm9vZ2xlQm9vZ2xl.\n"
          + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "))
    #expect(prompt.host == "git.example.org")
    #expect(prompt.address == "192.0.2.7")
    #expect(prompt.keyType == "ECDSA")
    #expect(prompt.notes.isEmpty)
  }

  @Test func visualHostKeyArtIsKeptApartFromTheRemarks() throws {
    let art = [
      "+--[ED25519 256]--+", "|                 |", "|     .           |", "|.   o .          |",
      "|..   o... o      |", "|. ...*.oS+       |", "|Eoo =.OB..       |", "|B. oo**oo        |",
      "|=+.o*+.o         |", "|==*+ o..oo.      |", "+----[SHA256]-----+",
    ]
    let text =
      "The authenticity of host '[127.0.0.1]:2299 ([127.0.0.1]:2299)' can't be established.\n"
      + "ED25519 key fingerprint is SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA.\n"
      + art.joined(separator: "\n") + "\n"
      + "This key is not known by any other names.\n"
      + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "
    let prompt = try #require(SshHostKeyPrompt(text))
    #expect(prompt.randomArt == art)
    #expect(prompt.notes == ["This key is not known by any other names."])
  }

  @Test func keysOfAnotherTypeDnsAndOtherNamesAreRemarks() throws {
    let text =
      "The authenticity of host 'h.example (192.0.2.1)' can't be established\n"
      + "but keys of different type are already known for this host.\n"
      + "RSA key fingerprint is SHA256:abcDEF123+/x.\n"
      + "Matching host key fingerprint found in DNS.\n"
      + "This host key is known by the following other names/addresses:\n"
      + "    ~/.ssh/known_hosts:3: old.example\n"
      + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "
    let prompt = try #require(SshHostKeyPrompt(text))
    #expect(prompt.host == "h.example")
    #expect(prompt.keyType == "RSA")
    #expect(prompt.fingerprint.text == "SHA256:abcDEF123+/x")
    #expect(
      prompt.notes == [
        "but keys of different type are already known for this host.",
        "Matching host key fingerprint found in DNS.",
        "This host key is known by the following other names/addresses:",
        "    ~/.ssh/known_hosts:3: old.example",
      ])
  }

  @Test func otherQuestionsAreNotTheHostKeyQuestion() {
    #expect(SshHostKeyPrompt("Add this host (yes/no)? ") == nil)
    #expect(
      SshHostKeyPrompt(
        "Warning: the ED25519 host key for 'h' differs from the key for the IP address '192.0.2.1'\n"
          + "Offending key for IP in /home/a/.ssh/known_hosts:2\n"
          + "Are you sure you want to continue connecting (yes/no)? ") == nil)
    #expect(
      SshHostKeyPrompt(
        "The authenticity of host 'h (192.0.2.1)' can't be established.\n"
          + "Are you sure you want to continue connecting (yes/no/[fingerprint])? ") == nil,
      "no fingerprint to show or compare")
  }
}

/// What someone pastes, compared with the fingerprint ssh sent.
@Suite struct SshFingerprintTests {
  let sha = SshFingerprint("SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA")!

  @Test func theFingerprintWithOrWithoutItsPrefixAndSpaceAroundIsTheSame() {
    for typed in [
      "SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA",
      "as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA",
      "  sha256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA\n",
      "\tas1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA= ",
    ] {
      #expect(sha.compare(typed) == .same, "\(typed)")
    }
  }

  @Test func aStartIsNotYetAMatchAndAnythingElseDiffers() {
    #expect(sha.compare("") == .empty)
    #expect(sha.compare(" \n") == .empty)
    #expect(sha.compare("SHA2") == .start)
    #expect(sha.compare("SHA256:as1hOh") == .start)
    #expect(sha.compare("as1h") == .start)
    #expect(
      sha.compare("AS1HOHGSUY+JV3LLIS4APSJD8V8KOOQBMHOFUNQEFIA") == .different, "base64 has case")
    #expect(sha.compare("SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiB") == .different)
    #expect(sha.compare("as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiAx") == .different)
    #expect(sha.compare("MD5:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA") == .different)
    #expect(sha.compare("as1h=") == .different, "padding ends a value")
  }

  @Test func md5HexMayBeInEitherCase() throws {
    let md5 = try #require(SshFingerprint("MD5:de:ad:be:ef"))
    #expect(md5.compare("DE:AD:BE:EF") == .same)
    #expect(md5.compare("md5:de:ad:be:ef") == .same)
    #expect(md5.compare("de:ad") == .start)
  }

  @Test func onlyAPrefixedPrintableValueIsAFingerprint() {
    #expect(SshFingerprint("SHA256:") == nil)
    #expect(SshFingerprint(":abc") == nil)
    #expect(SshFingerprint("abc") == nil)
    #expect(SshFingerprint("SHA256:ab c") == nil)
    #expect(SshFingerprint("SHA256:ab\u{1}c") == nil)
    #expect(SshFingerprint("SHA-256:abc") == nil)
  }
}
