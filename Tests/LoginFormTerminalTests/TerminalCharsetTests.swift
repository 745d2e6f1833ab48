import LoginFormTerminal
import Testing

/// The character set a terminal speaks.
@Suite struct TerminalCharsetTests {
  @Test func aLocaleNamesItsCodesetAfterTheDot() {
    #expect(TerminalCharset.codeset(ofLocaleName: "de_DE.ISO-8859-1") == "ISO-8859-1")
    #expect(TerminalCharset.codeset(ofLocaleName: "de_DE.ISO-8859-15@euro") == "ISO-8859-15")
    #expect(TerminalCharset.codeset(ofLocaleName: "C.UTF-8") == "UTF-8")
    #expect(TerminalCharset.codeset(ofLocaleName: "de_DE") == nil)
    #expect(TerminalCharset.codeset(ofLocaleName: "C") == nil)
  }

  @Test func utf8AndASCIINeedNoConversion() {
    for codeset in ["UTF-8", "utf8", "ANSI_X3.4-1968", "US-ASCII"] {
      #expect(TerminalCharset.isUTF8Compatible(codeset), "\(codeset)")
    }
    #expect(!TerminalCharset.isUTF8Compatible("ISO-8859-1"))
    #expect(TerminalCharset.of(locale: "C.UTF-8").name == nil)
    #expect(TerminalCharset.of(locale: "C").name == nil)
  }

  @Test func whatLatin1CannotShowBecomesAQuestionMark() {
    let charset = TerminalCharset.of(locale: "de_DE.ISO-8859-1")
    #expect(charset.encode("Grüße €") == [0x47, 0x72, 0xFC, 0xDF, 0x65, 0x20, 0x3F])
    #expect(TerminalCharset.utf8.encode("€") == [0xE2, 0x82, 0xAC])
  }

  @Test func onlyWholeWellFormedUTF8IsACharacter() {
    func status(_ bytes: [UInt8]) -> PendingCharacter {
      bytes.withUnsafeBufferPointer { TerminalCharset.utf8Status(of: $0) }
    }
    #expect(status([0x41]) == .complete)
    #expect(status([0xE2, 0x82]) == .incomplete)
    #expect(status([0xE2, 0x82, 0xAC]) == .complete)
    #expect(status([0xC0, 0x80]) == .invalid)  // overlong
    #expect(status([0xE0, 0x80]) == .invalid)  // overlong
    #expect(status([0xED, 0xA0]) == .invalid)  // a surrogate
    #expect(status([0xF4, 0x90]) == .invalid)  // beyond U+10FFFF
    #expect(status([0x80]) == .invalid)
    #expect(status([0x41, 0x42]) == .invalid)
  }
}
