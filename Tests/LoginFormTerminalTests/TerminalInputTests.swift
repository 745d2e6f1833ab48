import LoginFormTerminal
import Testing

/// What is typed into a field, in locked memory.
@Suite struct TerminalInputTests {
  private func typed(_ text: String, maximum: Int = 64) throws -> TerminalInput {
    let input = try #require(TerminalInput(maximumScalars: maximum, charset: .utf8))
    var decoder = KeyDecoder()
    for byte in text.utf8 { _ = decoder.feed(byte, into: input) }
    return input
  }

  private func text(_ input: TerminalInput) -> String {
    input.withUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  @Test func backspaceRemovesOneCodePoint() throws {
    let input = try typed("ae\u{301}€")
    input.removeLast()
    #expect(text(input) == "ae\u{301}")
    input.removeLast()
    #expect(text(input) == "ae")
    input.removeLast()
    input.removeLast()
    input.removeLast()
    #expect(input.isEmpty)
  }

  @Test func ctrlWRemovesTheLastWordAndTheSpacesAfterIt() throws {
    let input = try typed("correct horse  ")
    input.removeLastWord()
    #expect(text(input) == "correct ")
    input.removeLastWord()
    #expect(input.isEmpty)
  }

  @Test func ctrlURemovesEverything() throws {
    let input = try typed("secret")
    input.removeAll()
    #expect(input.isEmpty && input.count == 0)
  }

  @Test func theCapCountsCodePointsAndComesBackAfterAnErase() throws {
    let input = try typed("éé", maximum: 2)
    #expect(!input.appendPending(0x61))
    input.removeLast()
    #expect(input.appendPending(0x61))
    #expect(input.completePending() == .complete)
    #expect(text(input) == "éa")
  }

  @Test func aPrefilledNameIsTakenAsItIsWhenItFits() throws {
    let input = try #require(TerminalInput(maximumScalars: 4, charset: .utf8))
    #expect(input.append(text: "山田"))
    #expect(!input.append(text: "太郎花"))
    #expect(text(input) == "山田")
  }

  @Test func aLatin1TerminalsBytesBecomeUTF8() throws {
    let charset = TerminalCharset.of(locale: "de_DE.ISO-8859-1")
    #expect(charset.name == "ISO-8859-1")
    let input = try #require(TerminalInput(maximumScalars: 8, charset: charset))
    var decoder = KeyDecoder()
    #expect([0x47, 0xFC, 0xDF].map { decoder.feed($0, into: input) } == [.typed, .typed, .typed])
    #expect(text(input) == "Güß")
    input.removeLast()
    #expect(text(input) == "Gü")
  }

  @Test func aMultibyteCharsetsCharacterIsWholeOnlyAtItsLastByte() throws {
    let charset = TerminalCharset.of(locale: "ja_JP.EUC-JP")
    let input = try #require(TerminalInput(maximumScalars: 8, charset: charset))
    var decoder = KeyDecoder()
    // 山 in EUC-JP: BB B3; its first byte is no character on its own.
    #expect([0xBB, 0xB3].map { decoder.feed($0, into: input) } == [.partial, .typed])
    #expect(text(input) == "山")
  }
}
