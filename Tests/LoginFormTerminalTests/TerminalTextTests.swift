import LoginFormPrompt
import LoginFormTerminal
import Testing

/// What the terminal shows of a client's text: never a byte it would obey.
@Suite struct TerminalTextTests {
  @Test func escapeSequencesAndControlsShowInCaretNotation() {
    #expect(TerminalText.line("key \u{1B}[2J\u{1B}]0;pwned\u{7}") == "key ^[[2J^[]0;pwned^G")
    #expect(TerminalText.line("a\u{8}b\u{7F}c\u{0}") == "a^Hb^?c^@")
  }

  @Test func bidirectionalAndC1ControlsShowAsCodePoints() {
    #expect(TerminalText.line("evil\u{202E}exe.txt") == "evil<U+202E>exe.txt")
    #expect(TerminalText.line("\u{2066}a\u{2069}\u{200F}") == "<U+2066>a<U+200F>")
    #expect(TerminalText.line("csi\u{9B}2J") == "csi<U+009B>2J")
  }

  @Test func clientTextsIsolatesAreLeftOutAndItsNamedCharactersStay() {
    let client = ClientText.displayable("Enter PIN for \u{202E}card\u{2069}\nsecond line")
    #expect(TerminalText.lines(client) == ["Enter PIN for ⟨RLO⟩card⟨PDI⟩", "second line"])
    #expect(TerminalText.line(ClientText.displayableLine("OpenSSH")) == "OpenSSH")
    var options = PromptOptions()
    options.requester = "gpg (12) ← git commit"
    #expect(TerminalText.line(options.requesterLine!) == "Asked by gpg (12) ← git commit")
  }

  @Test func textThatIsSafeStaysAsItIs() {
    let text = "Grüße, 山田 👨‍👩‍👧 ناصر e\u{301}"
    #expect(TerminalText.line(text) == text)
  }

  @Test func everyLineBreakStartsALineAndNoneMovesTheCursor() {
    #expect(TerminalText.lines("one\ntwo\r\nthree\rfour") == ["one", "two", "three", "four"])
    #expect(TerminalText.lines("a\u{85}b\u{2028}c\u{2029}d") == ["a", "b", "c", "d"])
    #expect(TerminalText.lines("") == [""])
    #expect(TerminalText.line("one\ntwo\r\u{2028}") == "one two  ")
  }

  @Test func aTabIsASpace() {
    #expect(TerminalText.line("a\tb") == "a b")
  }

  @Test func mnemonicMarksGoAndSayWhereTheKeyIs() {
    #expect(TerminalText.mnemonic(of: "_Yes") == ("Yes", 0))
    #expect(TerminalText.mnemonic(of: "Take this one _anyway") == ("Take this one anyway", 14))
    #expect(TerminalText.mnemonic(of: "snake__case") == ("snake_case", nil))
    #expect(TerminalText.mnemonic(of: "a__b_c") == ("a_bc", 3))
    #expect(TerminalText.withoutMnemonic("P_IN") == "PIN")
    #expect(TerminalText.withoutMnemonic("trailing_") == "trailing_")
    #expect(TerminalText.withoutMnemonic("キャンセル(_C)") == "キャンセル", "GNOME's CJK mark goes whole")
    #expect(TerminalText.withoutMnemonic("密码 (_P)") == "密码")
    #expect(TerminalText.withoutMnemonic("接続（_O）") == "接続")
    #expect(TerminalText.mnemonic(of: "接続(_O)").offset == nil)
    #expect(TerminalText.withoutMnemonic("(_X)") == "(X)", "nothing before it: an ordinary mark")
  }

  @Test func widthCountsColumnsNotCharacters() {
    #expect(TerminalText.width("abc") == 3)
    #expect(TerminalText.width("山田") == 4)
    #expect(TerminalText.width("e\u{301}") == 1)
  }

  @Test func markupIsShownAsItsText() {
    #expect(TerminalText.plain(markup: "<b>Bold</b> &amp; <i>move</i>") == "Bold & move")
    #expect(TerminalText.plain(markup: "<b>open") == "<b>open")
  }
}
