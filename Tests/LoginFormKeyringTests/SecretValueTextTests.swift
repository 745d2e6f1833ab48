import CSecret
import LoginFormFrontEnd
import Testing

@testable import LoginFormKeyring

/// What libsecret hands over is checked before it is used as text.
@Suite struct SecretValueTextTests {
  private func checked(_ bytes: [UInt8], _ contentType: String) -> Result<String, KeyringFailure> {
    let value = bytes.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) {
        secret_value_new($0.baseAddress, gssize($0.count), contentType)!
      }
    }
    return SecretValueText.checked(value).map { text in
      text.withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
  }

  @Test func textPlainUTF8IsReadInPlace() {
    #expect(checked(Array("pw 9%".utf8), "text/plain") == .success("pw 9%"))
    #expect(checked(Array("pw".utf8), "text/plain; charset=utf8") == .success("pw"))
  }

  @Test func anotherContentTypeANulOrInvalidUTF8IsRefused() {
    #expect(
      checked(Array("pw".utf8), "application/x-evil")
        == .failure(.unusableSecret(.contentType("application/x-evil"))))
    #expect(checked([0x70, 0, 0x77], "text/plain") == .failure(.unusableSecret(.nulByte)))
    #expect(checked([0x70, 0xFF, 0x77], "text/plain") == .failure(.unusableSecret(.notUTF8)))
  }
}
