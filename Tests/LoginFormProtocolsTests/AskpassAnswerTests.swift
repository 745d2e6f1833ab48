import LoginFormModel
import Testing

@testable import LoginFormProtocols

@Suite struct AskpassAnswerTests {
  private func encodedSecret(_ secret: String) throws -> String {
    var sink = TestSink()
    try withBytes(secret) { bytes in
      try AskpassAnswer.encode(secret: bytes, into: &sink)
    }
    return sink.text
  }

  @Test func aSecretIsPrintedAloneOnOneLine() throws {
    #expect(try encodedSecret("pw pw") == "pw pw\n")
    #expect(try encodedSecret("") == "\n")
    #expect(try encodedSecret("p\u{E9}=%+") == "p\u{E9}=%+\n")
  }

  @Test(arguments: ["a\nb", "a\rb", "a\0b", "\n"])
  func aSecretThatWouldBeCutIsRefusedWithNothingWritten(_ secret: String) {
    var sink = TestSink()
    #expect(throws: AskpassAnswerError.lineBreakInSecret) {
      try withBytes(secret) { bytes in
        try AskpassAnswer.encode(secret: bytes, into: &sink)
      }
    }
    #expect(sink.bytes.isEmpty)
  }

  @Test func aUsernameIsPrintedOnOneLine() throws {
    var sink = TestSink()
    try AskpassAnswer.encode(username: "alice", into: &sink)
    #expect(sink.text == "alice\n")
    #expect(throws: AskpassAnswerError.lineBreakInUsername) {
      try AskpassAnswer.encode(username: "al\nice", into: &sink)
    }
    #expect(sink.text == "alice\n")
  }

  @Test func yesAndNoArePrintedAsWords() {
    var sink = TestSink()
    AskpassAnswer.encode(yes: true, into: &sink)
    AskpassAnswer.encode(yes: false, into: &sink)
    #expect(sink.text == "yes\nno\n")
  }

  @Test func allowingAConfirmationPrintsAnEmptyLine() {
    var sink = TestSink()
    AskpassAnswer.encodeConfirmation(into: &sink)
    #expect(sink.text == "\n")
  }

  @Test func aByteCounterSizesTheSecretsBuffer() throws {
    var counter = ByteCounter()
    try withBytes("h\u{E9}llo") { bytes in
      try AskpassAnswer.encode(secret: bytes, into: &counter)
    }
    #expect(counter.count == 7)
  }
}
