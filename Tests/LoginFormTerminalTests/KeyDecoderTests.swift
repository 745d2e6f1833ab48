import LoginFormTerminal
import Testing

/// Bytes typed on the terminal, as keys.
@Suite struct KeyDecoderTests {
  private func field() throws -> TerminalInput {
    try #require(TerminalInput(maximumScalars: 8, charset: .utf8))
  }

  private func feed(_ bytes: [UInt8], into input: TerminalInput) -> [KeyEvent] {
    var decoder = KeyDecoder()
    return bytes.map { decoder.feed($0, into: input) }
  }

  private func text(_ input: TerminalInput) -> String {
    input.withUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  @Test func charactersGoIntoTheFieldWhole() throws {
    let input = try field()
    #expect(
      feed(Array("aé€😀".utf8), into: input)
        == [
          .typed, .partial, .typed, .partial, .partial, .typed, .partial, .partial, .partial,
          .typed,
        ])
    #expect(text(input) == "aé€😀")
  }

  @Test func bytesThatMakeNoCharacterAreRefusedAndLeaveNothing() throws {
    let input = try field()
    #expect(
      feed([0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x41], into: input)
        == [.refused, .refused, .refused, .partial, .refused, .refused, .typed])
    #expect(text(input) == "A")
  }

  @Test func controlKeysAreKeysNotText() throws {
    let input = try field()
    let events = feed(
      [0x0D, 0x0A, 0x7F, 0x08, 0x17, 0x15, 0x03, 0x04, 0x1A, 0x09, 0x01], into: input)
    #expect(
      events == [
        .enter, .enter, .erase, .erase, .eraseWord, .eraseLine, .cancel, .cancel,
        .suspend, .tab, .refused,
      ])
    #expect(input.isEmpty)
  }

  @Test func aControlKeyInTheMiddleOfACharacterDropsItsStart() throws {
    let input = try field()
    #expect(feed([0xC3, 0x0D, 0xA9], into: input) == [.partial, .enter, .refused])
    #expect(input.isEmpty)
  }

  @Test func cursorAndFunctionKeysNeverReachTheField() throws {
    let input = try field()
    // Up, Delete, F1 (SS3), Alt+x.
    let events = feed(Array("\u{1B}[A\u{1B}[3~\u{1B}OP\u{1B}x".utf8), into: input)
    #expect(
      events == [
        .escapePending, .partial, .refused, .escapePending, .partial, .partial,
        .refused, .escapePending, .partial, .refused, .escapePending, .refused,
      ])
    #expect(input.isEmpty)
  }

  @Test func aLoneEscCancelsOnceNothingFollowsIt() throws {
    let input = try field()
    var decoder = KeyDecoder()
    #expect(decoder.feed(0x1B, into: input) == .escapePending)
    #expect(decoder.escapeTimedOut() == .cancel)
    #expect(decoder.escapeTimedOut() == .partial)
    #expect(decoder.feed(0x61, into: input) == .typed)
  }

  @Test func escTwiceOrEscThenAControlKeyIsThatKey() throws {
    let input = try field()
    #expect(feed([0x1B, 0x1B], into: input) == [.escapePending, .cancel])
    #expect(feed([0x1B, 0x0D], into: input) == [.escapePending, .enter])
  }

  @Test func aFullFieldRefusesMore() throws {
    let input = try #require(TerminalInput(maximumScalars: 2, charset: .utf8))
    #expect(feed(Array("abc".utf8), into: input) == [.typed, .typed, .refused])
    #expect(text(input) == "ab")
  }
}
