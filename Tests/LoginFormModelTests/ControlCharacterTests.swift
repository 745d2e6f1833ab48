import LoginFormModel
import Testing

@Suite struct ControlCharacterTests {
  static let controls: [String] = [
    "\n", "\r", "\t", "\0", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{2028}", "\u{2029}",
    "\r\n",
  ]

  @Test("A control character inside the password is an issue", arguments: controls)
  func aControlInThePasswordIsAnIssue(control: String) {
    let form = LoginForm(username: "abcdef", password: "abc" + control + "defgh")
    #expect(form.issues(of: .password) == [.controlCharacter])
    #expect(!form.isValid)
  }

  @Test("A control character inside the username is an issue", arguments: controls)
  func aControlInTheUsernameIsAnIssue(control: String) {
    let form = LoginForm(username: "abc" + control + "defgh", password: "abcdefg")
    #expect(form.issues(of: .username) == [.controlCharacter])
    #expect(!form.isValid)
  }

  @Test func aControlAttachedToACombiningMarkIsStillFound() {
    let form = LoginForm(username: "abcdef", password: "abcdefg\u{1}\u{301}")
    #expect(form.issues(of: .password).contains(.controlCharacter))
  }

  @Test func aTooShortValueWithAControlReportsBoth() {
    let form = LoginForm(username: "abcdef", password: "a\tb")
    #expect(form.issues(of: .password) == [.tooShort(minimum: 7, missing: 4), .controlCharacter])
  }

  @Test func surroundingTabsAndNewlinesAreTrimmedFromTheUsername() {
    let form = LoginForm(username: "\tabcdef\n", password: "abcdefg")
    #expect(form.isValid)
    #expect(form.judgedUsername == "abcdef")
  }

  @Test func printableNonASCIIIsNotAControl() {
    let form = LoginForm(username: "Zoë Ångström", password: "pässwörd€")
    #expect(form.isValid)
  }
}
