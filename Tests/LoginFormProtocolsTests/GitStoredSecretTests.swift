import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

/// The secret of git-credential-libsecret's items, and where a store
/// request's secret values sit.
@Suite struct GitStoredSecretTests {
  private let input = Array(
    ("protocol=https\nhost=example.com\nusername=bob\npassword=first\npassword=pw=1 %\n"
      + "password_expiry_utc=1700000000\noauth_refresh_token=tok en\nwwwauth[]=Basic\n\n"
      + "password=after the blank line\n").utf8)

  private func text(_ range: Range<Int>?) -> String? {
    range.map { String(decoding: input[$0], as: UTF8.self) }
  }

  @Test func theSecretValuesAreFoundInPlaceTheLastOfEachWinning() {
    let lines = input.withUnsafeBufferPointer { GitCredentialSecretLines(scanning: $0) }
    #expect(text(lines.password) == "pw=1 %")
    #expect(text(lines.passwordExpiry) == "1700000000")
    #expect(text(lines.oauthRefreshToken) == "tok en")
  }

  @Test func theStoredSecretIsThePasswordThenTheLinesThatTravelWithIt() {
    var sink = ArraySink()
    input.withUnsafeBufferPointer { buffer in
      GitStoredSecret.encode(GitCredentialSecretLines(scanning: buffer), in: buffer, into: &sink)
    }
    #expect(sink.text == "pw=1 %\npassword_expiry_utc=1700000000\noauth_refresh_token=tok en")

    var plain = ArraySink()
    let bare = Array("username=bob\npassword=only\n".utf8)
    bare.withUnsafeBufferPointer { buffer in
      GitStoredSecret.encode(GitCredentialSecretLines(scanning: buffer), in: buffer, into: &plain)
    }
    #expect(plain.text == "only")
  }

  @Test func getPrintsThePasswordAndOnlyTheLinesGitKnows() {
    var sink = ArraySink()
    withBytes("pw\nfoo=bar\npassword_expiry_utc=1\n\noauth_refresh_token=t") {
      GitStoredSecret.encodeAnswer(username: "bob", secret: $0, into: &sink)
    }
    #expect(
      sink.text
        == "username=bob\npassword=pw\npassword_expiry_utc=1\noauth_refresh_token=t\n")
  }

  @Test func aSecretGitCouldNotTakeIsNotUsed() {
    #expect(withBytes("pw\nline", GitStoredSecret.isUsable))
    for secret in ["", "\npw", "p\rw", "pw\0", "pw\nx\ry"] {
      #expect(!withBytes(secret, GitStoredSecret.isUsable), "\(secret.debugDescription)")
    }
  }
}
