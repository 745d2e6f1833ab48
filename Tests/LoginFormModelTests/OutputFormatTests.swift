import LoginFormModel
import Testing

@Suite struct OutputFormatTests {
  let credentials = Credentials(username: "zoë", password: "p|a\"s\\s 🔑")

  @Test func linesPutTheUsernameAndThePasswordOnTwoLines() {
    #expect(OutputFormat.lines.encode(credentials) == "zoë\np|a\"s\\s 🔑\n")
  }

  @Test func aSeparatorJoinsThemOnOneLine() {
    #expect(OutputFormat.separated(by: "|").encode(credentials) == "zoë|p|a\"s\\s 🔑\n")
    #expect(OutputFormat.separated(by: " :: ").encode(credentials) == "zoë :: p|a\"s\\s 🔑\n")
  }

  @Test func jsonEscapesQuotesAndBackslashesAndKeepsOtherTextAsUTF8() {
    #expect(
      OutputFormat.json.encode(credentials)
        == "{\"username\":\"zoë\",\"password\":\"p|a\\\"s\\\\s 🔑\"}\n")
  }

  @Test func jsonEscapesEveryControlAndTheJavaScriptLineBreaks() {
    let hostile = Credentials(
      username: "a\u{0}\u{1F}\u{7F}", password: "\n\r\t\u{8}\u{C}\u{2028}\u{2029}")
    #expect(
      OutputFormat.json.encode(hostile)
        == #"{"username":"a\u0000\u001f\u007f","password":"\n\r\t\b\f\u2028\u2029"}"# + "\n")
  }
}
