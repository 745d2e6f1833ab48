/// How a character that a terminal would obey (an escape, a bell, a C1
/// control, a reordering mark) is written instead, so that text from
/// outside can only be read: the terminal's text and the one-line messages
/// on standard error show such characters alike.
package enum VisibleScalar {
  /// Appends `scalar`, or its visible stand-in: C0 controls in caret
  /// notation (`^[` for ESC), DEL as `^?`, C1 and bidirectional controls as
  /// `<U+202E>`. A tab is a space: it only moves the cursor right, but it
  /// would make widths unknowable.
  package static func append(_ scalar: Unicode.Scalar, to line: inout String) {
    switch scalar.value {
    case 0x09:
      line.unicodeScalars.append(" ")
    case 0x00..<0x20:
      line += "^" + String(Unicode.Scalar(UInt8(scalar.value) + 0x40))
    case 0x7F:
      line += "^?"
    case 0x80..<0xA0:
      line += codePoint(scalar)
    default:
      if scalar.properties.isBidiControl {
        line += codePoint(scalar)
      } else {
        line.unicodeScalars.append(scalar)
      }
    }
  }

  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
  }
}
