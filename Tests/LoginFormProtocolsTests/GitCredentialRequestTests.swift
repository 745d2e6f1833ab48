import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

@Suite struct GitCredentialRequestTests {
  private func parse(_ input: String) throws -> GitCredentialRequest {
    try withBytes(input) { try GitCredentialRequest(parsing: $0) }
  }

  private func parseError(_ input: String) -> GitCredentialError? {
    do {
      _ = try parse(input)
      return nil
    } catch let error as GitCredentialError {
      return error
    } catch {
      return nil
    }
  }

  @Test func gitsGetIsReadToTheEndWithoutABlankLine() throws {
    let request = try parse("protocol=https\nhost=git.example.org:8443\nusername=alice\n")
    #expect(
      request
        == GitCredentialRequest(scheme: "https", host: "git.example.org:8443", username: "alice"))
    #expect(request.prompt.url == "https://git.example.org:8443")
    #expect(request.prompt.username == "alice")
    #expect(request.prompt.shape == .usernameAndPassword)
  }

  @Test func thePathJoinsTheURLAndNoUsernameFocusesTheUsername() throws {
    let request = try parse("protocol=https\nhost=h\npath=group/repo.git")
    #expect(request.prompt.url == "https://h/group/repo.git")
    #expect(request.prompt.username == nil)
  }

  @Test func anEmptyUsernameIsNotPrefilled() throws {
    #expect(try parse("protocol=https\nhost=h\nusername=\n").prompt.username == nil)
  }

  @Test func aBlankLineEndsTheInput() throws {
    let request = try parse("protocol=https\nhost=h\n\nhost=other\nnot a pair\n")
    #expect(request.host == "h")
  }

  @Test func passwordsAndUnknownKeysAreSkippedUnread() throws {
    let input =
      "protocol=https\nhost=h\npassword=\u{FF}not utf-8 = still skipped\n"
      + "oauth_refresh_token=\u{FF}\nwwwauth[]=Basic realm=\"x\"\ncapability[]=authtype\n"
      + "password_expiry_utc=1700000000\n"
    // The strings above are valid UTF-8; put real invalid bytes in the skipped values.
    var bytes = Array(input.utf8)
    for index in bytes.indices where bytes[index] == 0xC3 { bytes[index] = 0xFF }
    let request = try withBytes(bytes) { try GitCredentialRequest(parsing: $0) }
    #expect(request == GitCredentialRequest(scheme: "https", host: "h"))
  }

  @Test func laterValuesReplaceEarlierOnes() throws {
    #expect(try parse("host=a\nhost=b\nprotocol=https").host == "b")
  }

  @Test func aURLReplacesEveryFieldAsGitDoes() throws {
    let request = try parse("username=bob\npath=old\nurl=https://al%69ce:s3cret@h:8443/g/r.git/")
    #expect(
      request
        == GitCredentialRequest(scheme: "https", host: "h:8443", path: "g/r.git", username: "alice")
    )
  }

  @Test func aURLWithoutUserinfoOrPathHasOnlyHostAndScheme() throws {
    let request = try parse("url=http://127.0.0.1:8000\nusername=carol")
    #expect(
      request == GitCredentialRequest(scheme: "http", host: "127.0.0.1:8000", username: "carol"))
  }

  @Test func anAtInThePathIsNotUserinfo() throws {
    let request = try parse("url=https://h/a@b")
    #expect(request.username == nil && request.host == "h" && request.path == "a@b")
  }

  @Test func aCertificateRequestNeedsAPathNotAHost() throws {
    let request = try parse("protocol=cert\npath=/home/alice/cert.p12\n")
    #expect(request.prompt.url == "cert:///home/alice/cert.p12")
    #expect(parseError("protocol=cert\n") == .missingHost)
  }

  @Test func malformedInputIsATypedErrorNamingTheLine() {
    #expect(parseError("protocol=https\nhunter2\n") == .missingEquals(line: 2))
    #expect(parseError("=x\nhost=h") == .emptyKey(line: 1))
    #expect(parseError("host=h\npath=a\0b") == .nulByte(line: 2))
    #expect(parseError("host=h\r\nprotocol=https") == .carriageReturn(line: 1))
    #expect(parseError("protocol=https\n") == .missingHost)
    #expect(parseError("host=\n") == .missingHost)
    #expect(parseError("") == .missingHost)
    #expect(parseError("url=h/x") == .urlWithoutScheme(line: 1))
    #expect(parseError("url=://h") == .urlWithoutScheme(line: 1))
    #expect(parseError("url=https://h/a%0Ab") == .lineBreakInURL(line: 1, component: "path"))
    #expect(parseError("url=https://h%00") == .lineBreakInURL(line: 1, component: "host"))
    #expect(parseError("url=https://h/%FF") == .invalidUTF8(line: 1, key: "url"))
  }

  @Test func invalidUTF8InAKeptValueOrAKeyIsAnError() {
    let badValue: [UInt8] = Array("host=h\nusername=".utf8) + [0xFF, 0x0A]
    let badKey: [UInt8] = [0xFF] + Array("=1\nhost=h".utf8)
    #expect(throws: GitCredentialError.invalidUTF8(line: 2, key: "username")) {
      try withBytes(badValue) { try GitCredentialRequest(parsing: $0) }
    }
    #expect(throws: GitCredentialError.invalidUTF8(line: 1, key: nil)) {
      try withBytes(badKey) { try GitCredentialRequest(parsing: $0) }
    }
  }

  @Test func overlongInputIsRefusedBeforeReading() {
    let input = "host=h\n" + String(repeating: "x=y\n", count: 20_000)
    #expect(parseError(input) == .inputTooLong(limit: 65_536))
  }

  @Test func errorsPrintOneLineWithoutContent() {
    let errors: [GitCredentialError] = [
      .unknownAction("fill"), .inputTooLong(limit: 1), .nulByte(line: 1), .carriageReturn(line: 1),
      .missingEquals(line: 3), .emptyKey(line: 1), .invalidUTF8(line: 1, key: "host"),
      .invalidUTF8(line: 1, key: nil), .urlWithoutScheme(line: 1),
      .lineBreakInURL(line: 1, component: "path"), .missingHost,
    ]
    for error in errors {
      #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }
    #expect(GitCredentialError.missingEquals(line: 3).description.contains("3"))
  }

  @Test func theActionComesFromTheArgument() throws {
    #expect(try GitCredentialAction(argument: "get") == .get)
    #expect(try GitCredentialAction(argument: "store") == .store)
    #expect(try GitCredentialAction(argument: "erase") == .erase)
    #expect(throws: GitCredentialError.unknownAction("GET")) {
      try GitCredentialAction(argument: "GET")
    }
  }
}
