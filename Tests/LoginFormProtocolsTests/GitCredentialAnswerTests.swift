import LoginFormModel
import Testing

@testable import LoginFormProtocols

@Suite struct GitCredentialAnswerTests {
  private func encoded(_ username: Substring, _ password: String) throws -> String {
    var sink = TestSink()
    try withBytes(password) { bytes in
      try GitCredentialAnswer.encode(username: username, password: bytes, into: &sink)
    }
    return sink.text
  }

  @Test func theCredentialIsTwoKeyValueLines() throws {
    #expect(try encoded("alice", "pw=pw %+") == "username=alice\npassword=pw=pw %+\n")
    #expect(try encoded("\u{E9}l\u{E8}ve", "") == "username=\u{E9}l\u{E8}ve\npassword=\n")
  }

  @Test func cancellingTellsGitToQuit() {
    var sink = TestSink()
    GitCredentialAnswer.encodeQuit(into: &sink)
    #expect(sink.text == "quit=1\n")
  }

  @Test func valuesThatWouldBreakALineAreRefusedWithNothingWritten() {
    #expect(throws: GitCredentialAnswerError.lineBreakInUsername) {
      try encoded("al\nice", "pw")
    }
    #expect(throws: GitCredentialAnswerError.lineBreakInPassword) { try encoded("alice", "p\nw") }
    #expect(throws: GitCredentialAnswerError.lineBreakInPassword) { try encoded("alice", "p\0w") }
    #expect(throws: GitCredentialAnswerError.lineBreakInPassword) { try encoded("alice", "pw\r") }
  }
}
