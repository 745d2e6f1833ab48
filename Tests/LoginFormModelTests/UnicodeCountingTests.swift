import LoginFormModel
import Testing

/// Characters are what a person sees: extended grapheme clusters.
@Suite struct UnicodeCountingTests {
  private func usernameIsValid(_ name: String) -> Bool {
    LoginForm(username: name, password: "abcdefg").isValid
  }

  @Test func aLetterWithACombiningMarkCountsAsOne() {
    let decomposed = "e\u{301}"
    #expect(decomposed.unicodeScalars.count == 2)
    #expect(!usernameIsValid(String(repeating: decomposed, count: 5)))
    #expect(usernameIsValid(String(repeating: decomposed, count: 6)))
  }

  @Test func aZeroWidthJoinerFamilyCountsAsOne() {
    let family = "👨‍👩‍👧‍👦"
    #expect(family.unicodeScalars.count == 7)
    #expect(!usernameIsValid(String(repeating: family, count: 5)))
    #expect(usernameIsValid(String(repeating: family, count: 6)))
  }

  @Test func aFlagCountsAsOne() {
    let flag = "🇩🇪"
    #expect(!usernameIsValid(String(repeating: flag, count: 5)))
    #expect(usernameIsValid(String(repeating: flag, count: 6)))
  }

  @Test func cjkCharactersCountOneEach() {
    #expect(!usernameIsValid("山田太郎花"))
    #expect(usernameIsValid("山田太郎花子"))
  }

  @Test func rightToLeftTextCountsByCharacter() {
    #expect(!usernameIsValid("שלום1"))
    #expect(usernameIsValid("مرحبا1"))
  }

  @Test func aPasswordOfSevenEmojiIsValid() {
    let form = LoginForm(username: "abcdef", password: String(repeating: "🔑", count: 6))
    #expect(form.issues(of: .password) == [.tooShort(minimum: 7, missing: 1)])
    form.password += "🔑"
    #expect(form.isValid)
  }

  @Test func aWhitespaceOnlyUsernameIsEmpty() {
    let form = LoginForm(username: " \t\u{A0}\u{3000}  \u{2003}", password: "abcdefg")
    #expect(form.issues(of: .username) == [.tooShort(minimum: 6, missing: 6)])
  }

  @Test(
    "Unicode spaces around the username are trimmed before counting",
    arguments: ["\u{A0}", "\u{2003}", "\u{3000}", "\u{202F}", "\u{205F}", "\u{1680}", " "])
  func unicodeSpacesAroundTheUsernameAreTrimmed(space: String) {
    let form = LoginForm(username: space + "bob" + space + space, password: "abcdefg")
    #expect(form.issues(of: .username) == [.tooShort(minimum: 6, missing: 3)])
    form.username = space + "bobbie" + space
    #expect(form.judgedUsername == "bobbie")
  }

  @Test func spacesInsideTheUsernameAreKept() {
    let form = LoginForm(username: " ann  lee ", password: "abcdefg")
    #expect(form.judgedUsername == "ann  lee")
  }

  @Test func thePasswordIsNotTrimmed() {
    let form = LoginForm(username: "abcdef", password: "  abc  ")
    #expect(form.isValid)
    #expect(form.password == "  abc  ")
  }
}
