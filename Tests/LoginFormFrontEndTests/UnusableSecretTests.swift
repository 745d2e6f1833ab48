import LoginFormFrontEnd
import Testing

/// A stored secret is handed on only as UTF-8 text with no NUL, of
/// content type text/plain.
@Suite struct UnusableSecretTests {
  private func verdict(_ contentType: String?, _ bytes: [UInt8]) -> UnusableSecret? {
    bytes.withUnsafeBufferPointer { UnusableSecret.of(contentType: contentType, bytes: $0) }
  }

  private let password = Array("pässword 9%".utf8)

  @Test func textPlainAndItsUTF8CharsetVariantsAreUsed() {
    for type in [
      "text/plain", "text/plain; charset=utf8", "text/plain;charset=UTF-8",
      "TEXT/Plain; charset=\"utf-8\"", "text/plain; format=flowed",
    ] {
      #expect(verdict(type, password) == nil, "\(type)")
    }
    #expect(verdict("text/plain", []) == nil)
  }

  @Test func anyOtherContentTypeIsNotUsed() {
    for type in [
      "application/x-evil", "application/octet-stream", "", "text/plainx", "text/html",
      "text/plain; charset=iso-8859-1", "text/plain; charset=utf-16",
    ] {
      #expect(verdict(type, password) == .contentType(ServiceMessage(type)), "\(type)")
    }
    #expect(verdict(nil, password) == .contentType(""))
  }

  @Test func aNulByteIsNotUsed() {
    #expect(verdict("text/plain", Array("pass".utf8) + [0] + Array("word".utf8)) == .nulByte)
    #expect(verdict("text/plain", [0]) == .nulByte)
  }

  @Test func invalidUTF8IsNotUsed() {
    for bytes: [UInt8] in [
      [0x70, 0xFF, 0x77],  // never in UTF-8
      [0xC0, 0x80],  // an overlong NUL
      [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
      [0x70, 0xE2, 0x82],  // cut short
      [0x80],  // a continuation alone
    ] {
      #expect(verdict("text/plain", bytes) == .notUTF8, "\(bytes)")
    }
  }

  @Test func aHostileContentTypeIsSaidAsOnePrintableLine() {
    let why = verdict("\u{1B}]0;x\u{07}\nline", password)
    #expect(why?.reason == "its content type is “^[]0;x^G line”, not text/plain")
  }
}
