import CSecret
import Testing

@testable import LoginFormFrontEnd
@testable import LoginFormKeyring

/// Where an error of the Secret Service or the bus becomes a failure.
@Suite struct KeyringCallTests {
  /// A title-setting OSC ended by BEL, a screen clear, a C1 CSI, a line
  /// break: what a hostile service's error message may hold.
  static let payload = "\u{1B}]0;PWNED-title\u{07}\u{1B}[2J\u{9B}31m…\nsecond line\r\n"

  @Test func aServiceErrorWithEscapesBecomesOnePrintableLine() {
    let error = g_error_new_literal(
      g_io_error_quark(), gint(G_IO_ERROR_FAILED.rawValue), Self.payload)
    let failure = KeyringCall.failure(error)
    #expect(failure.reason == "^[]0;PWNED-title^G^[[2J<U+009B>31m… second line")
    #expect(
      !failure.reason.unicodeScalars.contains {
        $0.value < 0x20 || (0x7F..<0xA0).contains($0.value)
      })
  }

  @Test func aCancelIsNoAnswerAndNoErrorIsSaidAsUnknown() {
    let cancelled = g_error_new_literal(
      g_io_error_quark(), gint(G_IO_ERROR_CANCELLED.rawValue), "Operation was cancelled")
    #expect(KeyringCall.failure(cancelled) == .noAnswer(seconds: KeyringCall.seconds))
    #expect(KeyringCall.failure(nil) == .failed("unknown error"))
  }
}
