import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

@Suite struct AskpassAnswerTests {
  private func encodedSecret(_ secret: String) -> String {
    var sink = ArraySink()
    withBytes(secret) { AskpassAnswer.encode(secret: $0, into: &sink) }
    return sink.text
  }

  @Test func aSecretIsPrintedAloneOnOneLine() {
    #expect(encodedSecret("pw pw") == "pw pw\n")
    #expect(encodedSecret("") == "\n")
    #expect(encodedSecret("p\u{E9}=%+") == "p\u{E9}=%+\n")
  }

  @Test(arguments: ["a\nb", "a\rb", "a\0b", "\n", "\r", "\0"])
  func aValueWithALineBreakOrNULDoesNotFitTheLineTheCallerReads(_ value: String) {
    #expect(!LineByte.fitsOneLine(value.utf8))
  }

  @Test(arguments: ["", "pw pw", "\t tab", "\u{85}\u{2028}", "\u{1F511}"])
  func anyOtherValueFitsOneLine(_ value: String) {
    #expect(LineByte.fitsOneLine(value.utf8))
  }

  @Test func aUsernameIsPrintedOnOneLine() {
    var sink = ArraySink()
    AskpassAnswer.encode(username: "alice", into: &sink)
    #expect(sink.text == "alice\n")
  }

  @Test func yesAndNoArePrintedAsWords() {
    var sink = ArraySink()
    AskpassAnswer.encode(yes: true, into: &sink)
    AskpassAnswer.encode(yes: false, into: &sink)
    #expect(sink.text == "yes\nno\n")
  }

  @Test func allowingAConfirmationPrintsAnEmptyLine() {
    var sink = ArraySink()
    AskpassAnswer.encodeConfirmation(into: &sink)
    #expect(sink.text == "\n")
  }

  @Test func aByteCounterSizesTheSecretsBuffer() {
    var counter = ByteCounter()
    withBytes("h\u{E9}llo") { AskpassAnswer.encode(secret: $0, into: &counter) }
    #expect(counter.count == 7)
  }
}
