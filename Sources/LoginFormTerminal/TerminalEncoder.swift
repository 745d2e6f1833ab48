import CGLib
import Glibc

/// Text converted from UTF-8 into a terminal's character set a character at
/// a time, each judged by the bytes the terminal will read: a character
/// that becomes a control there is shown as `?`.
///
/// TerminalText has made a client's text safe as Unicode, but that is not
/// enough after conversion: in KOI8-R "²" is the byte 0x9D, which an 8-bit
/// terminal reads as OSC (0x9B is CSI, 0x9C ST), in CP1251 "ќ" is 0x9D, in
/// CP866 and Mac Roman whole alphabets sit at 0x80–0x9F. Such letters are
/// lost there (shown as `?`); a terminal obeying a client's text is worse.
final class TerminalEncoder {
  private let converter: GIConv

  /// The most bytes one character can become, a shift sequence included.
  private static let maximumCharacterBytes = 16

  /// An encoder into `charset`; nil when iconv cannot convert into it.
  init?(charset: String) {
    guard let converter = g_iconv_open(charset, "UTF-8"), Int(bitPattern: converter) != -1
    else { return nil }
    self.converter = converter
  }

  /// `text` in the character set; what it cannot hold, and what would be a
  /// control there, becomes `?`. The C0 controls in `text` itself are the
  /// prompt's own (a carriage return, a backspace, the bell): TerminalText
  /// has already turned a client's into caret notation.
  func encode(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      let isOwnControl = scalar.value < 0x20 || scalar.value == 0x7F
      if let converted = convert(scalar), isOwnControl || !Self.isControl(converted) {
        bytes += converted
      } else {
        bytes.append(UInt8(ascii: "?"))
      }
    }
    return bytes
  }

  /// Whether a terminal speaking the character set reads `bytes`, the
  /// conversion of one character, as a control rather than as text.
  ///
  /// One byte is a control in C0 (0x00–0x1F), DEL (0x7F) and C1
  /// (0x80–0x9F): an 8-bit terminal (xterm, PuTTY, the Linux console
  /// outside UTF-8 mode) acts on 0x9B as on ESC [.
  ///
  /// Several bytes are one character of a multi-byte set (Shift-JIS, EUC,
  /// GBK, Big5), and a terminal speaking that set reads the lead byte as
  /// the start of a character, taking the trail bytes with it: Shift-JIS's
  /// leads 0x81–0x9F and EUC's single shifts 0x8E, 0x8F are in the C1 range
  /// but are no controls there (mlterm decodes them as characters; xterm
  /// gets such a set through luit, which turns them into UTF-8), and trail
  /// bytes in 0x80–0x9F are ordinary in Shift-JIS. So bytes in C1 inside a
  /// multi-byte character stay. A C0 byte or DEL does not, wherever it is:
  /// terminals act on C0 controls even in the middle of a character or an
  /// escape sequence, and no set a terminal speaks has them inside a
  /// character; only stateful sets do (ISO-2022's ESC shifts), whose
  /// characters are then shown as `?`.
  static func isControl(_ bytes: [UInt8]) -> Bool {
    let isC0OrDelete = { (byte: UInt8) in byte < 0x20 || byte == 0x7F }
    if bytes.count == 1 { return isC0OrDelete(bytes[0]) || (0x80...0x9F).contains(bytes[0]) }
    return bytes.contains(where: isC0OrDelete)
  }

  /// `scalar` in the character set, with the shift back to the initial
  /// state a stateful set needs after it; nil when the set has no such
  /// character.
  private func convert(_ scalar: Unicode.Scalar) -> [UInt8]? {
    var input = Array(String(scalar).utf8)
    var output = [UInt8](repeating: 0, count: Self.maximumCharacterBytes)
    // Each character starts from the initial state, whatever failed before.
    defer { _ = g_iconv(converter, nil, nil, nil, nil) }
    let written = input.withUnsafeMutableBytes { input in
      output.withUnsafeMutableBytes { output -> Int? in
        var inputAt = input.baseAddress?.assumingMemoryBound(to: gchar.self)
        var inputLeft = gsize(input.count)
        var outputAt = output.baseAddress?.assumingMemoryBound(to: gchar.self)
        var outputLeft = gsize(output.count)
        guard g_iconv(converter, &inputAt, &inputLeft, &outputAt, &outputLeft) != gsize.max,
          g_iconv(converter, nil, nil, &outputAt, &outputLeft) != gsize.max
        else { return nil }
        return output.count - Int(outputLeft)
      }
    }
    return written.map { Array(output[..<$0]) }
  }

  deinit {
    g_iconv_close(converter)
  }
}
