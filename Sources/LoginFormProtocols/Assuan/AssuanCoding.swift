import LoginFormModel

/// The percent codings of the Assuan protocol, byte by byte into a sink so
/// that a secret is never copied into a growable buffer.
package enum AssuanCoding {
  /// Data lines (`D …`) as libassuan writes them: only `%`, CR and LF are
  /// escaped; `+`, spaces and UTF-8 pass as they are.
  package static func appendData(_ bytes: some Sequence<UInt8>, into sink: inout some ByteSink) {
    for byte in bytes {
      if byte == UInt8(ascii: "%") || byte == LineByte.carriageReturn || byte == LineByte.newline {
        appendEscape(byte, into: &sink)
      } else {
        sink.append(byte)
      }
    }
  }

  /// The argument of `INQUIRE QUALITY`, as pinentry's `copy_and_escape`
  /// writes it and gpg-agent's `unescape_passphrase_string` reads it: a
  /// space is `+`, and `+`, controls and (unlike pinentry, whose agent
  /// decodes it all the same) `%` are `%XX`.
  static func appendInquiryArgument(
    _ bytes: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) {
    for byte in bytes {
      switch byte {
      case UInt8(ascii: " "): sink.append(UInt8(ascii: "+"))
      case 0..<0x20, UInt8(ascii: "+"), UInt8(ascii: "%"): appendEscape(byte, into: &sink)
      default: sink.append(byte)
      }
    }
  }

  private static func appendEscape(_ byte: UInt8, into sink: inout some ByteSink) {
    sink.append(UInt8(ascii: "%"))
    sink.append(Hex.digit(byte >> 4))
    sink.append(Hex.digit(byte & 0xF))
  }

  /// Decodes every `%XX` (either case) of `bytes` into `sink`; anything
  /// else, `+` included, is copied. Returns false at the first `%` not
  /// followed by two hex digits, having written only what precedes it.
  @discardableResult
  package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink)
    -> Bool
  {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "%") else {
        sink.append(byte)
        index += 1
        continue
      }
      guard index + 2 < bytes.count, let high = Hex.value(bytes[index + 1]),
        let low = Hex.value(bytes[index + 2])
      else { return false }
      sink.append(high << 4 | low)
      index += 3
    }
    return true
  }

  /// A SET* argument as text: percent-decoded, then required to be UTF-8
  /// without NUL (a C string would end there, a label would show less).
  static func decodeText(_ bytes: UnsafeBufferPointer<UInt8>) throws(AssuanError) -> String {
    var decoded = ArrayByteSink()
    guard decode(bytes, into: &decoded) else {
      throw .parameter.with(detail: "bad percent escape")
    }
    return try text(decoded.bytes)
  }

  /// `bytes` as text, required to be UTF-8 without NUL.
  static func text(_ bytes: some Collection<UInt8>) throws(AssuanError) -> String {
    if bytes.contains(LineByte.nul) { throw .parameter.with(detail: "NUL byte") }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .parameter.with(detail: "not UTF-8")
    }
    return text
  }
}
