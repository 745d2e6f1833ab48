import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

@Suite struct AssuanCodingTests {
  private func decoded(_ argument: String) -> Result<String, AssuanError> {
    withBytes(argument) { bytes in
      Result { () throws(AssuanError) in try AssuanCoding.decodeText(bytes) }
    }
  }

  private func dataLine(_ bytes: [UInt8]) -> String {
    var sink = ArraySink()
    AssuanCoding.appendData(bytes, into: &sink)
    return sink.text
  }

  @Test func everyEscapeIsDecodedInEitherCase() throws {
    #expect(try decoded("a%0ab%0Ac%3a%3A%25").get() == "a\nb\nc::%")
    #expect(try decoded("%C3%A9t%c3%a9").get() == "\u{E9}t\u{E9}")
  }

  @Test func plusAndSpacesAndRawUTF8StayAsTheyAre() throws {
    #expect(try decoded("a+b c+%2B \u{E9}\u{1F511}").get() == "a+b c++ \u{E9}\u{1F511}")
  }

  @Test(arguments: ["%G1", "%", "abc%", "%4", "%%41", "%0g"])
  func aBadEscapeIsAParameterError(_ argument: String) {
    #expect(decoded(argument) == .failure(.parameter.with(detail: "bad percent escape")))
  }

  @Test func invalidUTF8OrNULAfterDecodingIsAParameterError() {
    #expect(decoded("%FF%FE") == .failure(.parameter.with(detail: "not UTF-8")))
    #expect(decoded("%C3") == .failure(.parameter.with(detail: "not UTF-8")))
    #expect(decoded("a%00b") == .failure(.parameter.with(detail: "NUL byte")))
  }

  @Test func dataLinesEscapeOnlyPercentCRAndLF() {
    #expect(dataLine(Array("100% a+b\r\n".utf8)) == "100%25 a+b%0D%0A")
    #expect(dataLine(Array("\u{E9}\t#".utf8)) == "\u{E9}\t#")
  }

  @Test(arguments: ["pw", "%", "+", "a b", "\r\n", "%0A", "\u{E9}\u{1F511}", "%25%", ""])
  func dataRoundTrips(_ text: String) {
    let encoded = dataLine(Array(text.utf8))
    var sink = ArraySink()
    let ok = withBytes(encoded) { AssuanCoding.decode($0, into: &sink) }
    #expect(ok)
    #expect(sink.text == text)
  }

  @Test func inquiryArgumentsUsePlusForSpaceAsTheAgentReadsThem() {
    var sink = ArraySink()
    withBytes("a b+c%d\u{1}\u{E9}") { AssuanCoding.appendInquiryArgument($0, into: &sink) }
    #expect(sink.text == "a+b%2Bc%25d%01\u{E9}")
  }

  @Test func errorLinesMatchLibassuan() {
    var sink = ArraySink()
    AssuanError.cancelled.write(into: &sink)
    AssuanError.syntax.with(detail: "leading white-space").write(into: &sink)
    #expect(
      sink.text
        == "ERR 83886179 Operation cancelled <Pinentry>\n"
        + "ERR 536871188 IPC syntax error <User defined source 1> - leading white-space\n")
    #expect(AssuanError.timeout.number == 83_886_142)
    #expect(AssuanError.notConfirmed.number == 83_886_194)
    #expect(AssuanError.unknownOption.number == 83_886_254)
    #expect(AssuanError.unknownCommand.number == 536_871_187)
    #expect(AssuanError.lineTooLong.number == 536_871_175)
  }
}
