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

  /// The issue's payload: OSC 52 (a clipboard write) and CSI 2 J in their
  /// 8-bit forms, as the characters that become 0x9D, 0x9C and 0x9B in KOI8-R.
  static let koi8Payload = "Key of ²52;c;ZXZpbA==° and ⌡2J"
  /// The same bytes in CP1251.
  static let cp1251Payload = "Key of ќ52;c;ZXZpbA==њ and ›2J"
  static let payloadShown = Array("Key of ?52;c;ZXZpbA==? and ?2J".utf8)

  @Test func whatWouldBeAC1ControlInKOI8RIsAQuestionMarkAndRussianStaysRussian() {
    let charset = TerminalCharset.of(locale: "ru_RU.KOI8-R")
    #expect(charset.name == "KOI8-R")
    #expect(charset.encode(Self.koi8Payload) == Self.payloadShown)
    #expect(charset.encode("Пароль") == [0xF0, 0xC1, 0xD2, 0xCF, 0xCC, 0xD8])
  }

  @Test func whatWouldBeAC1ControlInCP1251IsAQuestionMarkAndRussianStaysRussian() {
    let charset = TerminalCharset.of(locale: "ru_RU.CP1251")
    #expect(charset.encode(Self.cp1251Payload) == Self.payloadShown)
    #expect(charset.encode("Пароль") == [0xCF, 0xE0, 0xF0, 0xEE, 0xEB, 0xFC])
  }

  @Test func aShiftJISCharacterWhoseBytesLookLikeC1IsKeptWhole() {
    let charset = TerminalCharset.of(locale: "ja_JP.SJIS")
    #expect(
      charset.encode("パスワード") == [0x83, 0x70, 0x83, 0x58, 0x83, 0x8F, 0x81, 0x5B, 0x83, 0x68])
    // Lead and trail bytes in the C1 range: a Shift-JIS terminal reads one
    // character (屆, 撥), not CSI and OSC.
    #expect(charset.encode("屆撥") == [0x9B, 0x9C, 0x9D, 0x9B])
    #expect(
      charset.encode(Self.koi8Payload) == Array("Key of ?52;c;ZXZpbA==".utf8) + [0x81, 0x8B]
        + Array(" and ?2J".utf8))
  }

  @Test func thePromptsOwnControlsAreWrittenAsTheyAre() {
    let charset = TerminalCharset.of(locale: "ru_RU.KOI8-R")
    #expect(charset.encode("\r\u{8}\u{7}a\r\n") == [0x0D, 0x08, 0x07, 0x61, 0x0D, 0x0A])
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
