import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

@Suite struct GitCredentialAnswerTests {
  private func encoded(_ username: Substring, _ password: String) -> String {
    var sink = ArraySink()
    withBytes(password) {
      GitCredentialAnswer.encode(username: username, password: $0, into: &sink)
    }
    return sink.text
  }

  @Test func theCredentialIsTwoKeyValueLines() {
    #expect(encoded("alice", "pw=pw %+") == "username=alice\npassword=pw=pw %+\n")
    #expect(encoded("\u{E9}l\u{E8}ve", "") == "username=\u{E9}l\u{E8}ve\npassword=\n")
  }

  @Test func cancellingTellsGitToQuit() {
    var sink = ArraySink()
    GitCredentialAnswer.encodeQuit(into: &sink)
    #expect(sink.text == "quit=1\n")
  }
}
