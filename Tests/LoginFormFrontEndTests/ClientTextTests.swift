import LoginFormPrompt
import Testing

/// A client's text, made safe to show.
@Suite struct ClientTextTests {
  /// The text without the isolates around each line, to compare.
  private func shown(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        ClientText.displayable(text).unicodeScalars.filter { $0 != "\u{2068}" && $0 != "\u{2069}" })
    )
  }

  @Test func eachLineIsIsolatedFromWhatSurroundsIt() {
    #expect(ClientText.displayable("one\ntwo") == "\u{2068}one\u{2069}\n\u{2068}two\u{2069}")
    #expect(ClientText.displayableLine("GnuPG") == "\u{2068}GnuPG\u{2069}")
  }

  @Test func withoutIsolatesOnlyTheIsolatesAreLeftOut() {
    #expect(
      ClientText.withoutIsolates("\u{2068}alice@⟨RLO⟩moc\u{2069}\n\u{2068}\u{200B}x\u{2069}")
        == "alice@⟨RLO⟩moc\n\u{200B}x")
  }

  @Test func reorderingCharactersAreShownNotObeyed() {
    #expect(
      shown("alice@\u{202E}moc.buhtig\u{202C}.evil.example")
        == "alice@⟨RLO⟩moc.buhtig⟨PDF⟩.evil.example")
    #expect(
      shown("\u{2066}a\u{2067}b\u{2068}c\u{2069}\u{200E}\u{200F}\u{061C}")
        == "⟨LRI⟩a⟨RLI⟩b⟨FSI⟩c⟨PDI⟩⟨LRM⟩⟨RLM⟩⟨ALM⟩")
    #expect(
      !ClientText.displayable("x\u{202E}y").unicodeScalars.contains("\u{202E}"),
      "no override survives")
  }

  @Test func everyKindOfLineBreakIsOneBreak() {
    for separator in ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
      #expect(shown("a" + separator + "b") == "a\nb", "\(separator.unicodeScalars.map(\.value))")
    }
  }

  @Test func runsOfBlankLinesCollapseToOne() {
    #expect(shown("a" + String(repeating: "\n", count: 90) + "b") == "a\n\nb")
    #expect(shown(String(repeating: "\r", count: 100) + "a") == "a")
    #expect(shown("a" + String(repeating: "\u{2028}", count: 100)) == "a")
    #expect(shown("a\n \t \n\u{2029}\nb") == "a\n\nb", "lines of spaces are blank too")
    #expect(shown("a\n\nb\n\nc") == "a\n\nb\n\nc", "one blank line between paragraphs stays")
  }

  @Test func whiteSpaceAtTheEndsOfLinesGoes() {
    #expect(
      ClientText.displayable("Password: \n  indented \t") == isolated("Password:") + "\n"
        + isolated("  indented"))
  }

  @Test func aHeadingIsOneIsolatedLine() {
    #expect(ClientText.displayableLine("a\nb\r\n\nc") == "\u{2068}a b c\u{2069}")
  }

  @Test func aTitleIsOneLineAsItReadsWithItsReorderingCharactersNamed() {
    #expect(ClientText.title("Sign In to a\nb\r\n\nc") == "Sign In to a b c")
    #expect(ClientText.title("Sign In to moc.\u{202E}buhtig") == "Sign In to moc.⟨RLO⟩buhtig")
  }
}
