import LoginFormModel
import LoginFormTestSupport
import Testing

@Suite struct OutputFormatTests {
  private func encoded(_ format: OutputFormat, _ username: String?, _ password: String?) -> String {
    var sink = ArraySink()
    var passwordBytes = Array((password ?? "").utf8)
    passwordBytes.withUnsafeMutableBufferPointer { buffer in
      format.encode(
        username: username.map { $0[...] },
        password: password == nil ? nil : UnsafeBufferPointer(buffer), into: &sink)
    }
    return sink.text
  }

  @Test func linesPutTheUsernameAndThePasswordOnTwoLines() {
    #expect(encoded(.lines, "zoë", "p|a\"s\\s 🔑") == "zoë\np|a\"s\\s 🔑\n")
  }

  @Test func linesWithOneFieldPrintThatFieldAlone() {
    #expect(encoded(.lines, nil, "hunter2") == "hunter2\n")
    #expect(encoded(.lines, "bob", nil) == "bob\n")
  }

  @Test func aSeparatorJoinsThemOnOneLine() {
    #expect(encoded(.separated(by: "|"), "zoë", "p|a\"s\\s 🔑") == "zoë|p|a\"s\\s 🔑\n")
    #expect(encoded(.separated(by: " :: "), "zoë", "p|a\"s\\s 🔑") == "zoë :: p|a\"s\\s 🔑\n")
  }

  @Test func jsonEscapesQuotesAndBackslashesAndKeepsOtherTextAsUTF8() {
    #expect(
      encoded(.json, "zoë", "p|a\"s\\s 🔑")
        == "{\"username\":\"zoë\",\"password\":\"p|a\\\"s\\\\s 🔑\"}\n")
  }

  @Test func jsonWithThePasswordAloneHasOnlyThatKey() {
    #expect(encoded(.json, nil, "a\"b") == #"{"password":"a\"b"}"# + "\n")
  }

  @Test func jsonEscapesEveryControlAndTheJavaScriptLineBreaks() {
    #expect(
      encoded(.json, "a\u{0}\u{1F}\u{7F}", "\n\r\t\u{8}\u{C}\u{2028}\u{2029}")
        == #"{"username":"a\u0000\u001f\u007f","password":"\n\r\t\b\f\u2028\u2029"}"# + "\n")
  }

  @Test func theCounterSizesTheOutputExactly() {
    var counter = ByteCounter()
    var sink = ArraySink()
    let password = Array("pässwörd\"🔑".utf8)
    password.withUnsafeBufferPointer { bytes in
      OutputFormat.json.encode(username: "zoë", password: bytes, into: &counter)
      OutputFormat.json.encode(username: "zoë", password: bytes, into: &sink)
    }
    #expect(counter.count == sink.bytes.count)
  }
}
