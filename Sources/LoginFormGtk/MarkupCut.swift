import CGtk

/// Where Pango markup can be cut in two that are each markup of their own,
/// so that a long marked-up text can go into a view in two parts, as a
/// plain one does (see LongText).
enum MarkupCut {
  /// The first place at or after `count` bytes of `markup` outside every
  /// element, tag, comment and entity, and not inside a line break, where
  /// both halves parse; nil when there is none (a text inside one element
  /// throughout) or `markup` is shorter.
  static func index(in markup: String, after count: Int) -> String.Index? {
    let bytes = Array(markup.utf8)
    var depth = 0
    var position = 0
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "<"):
        guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let tag = bytes[position...close]
        if tag.starts(with: Array("</".utf8)) {
          depth -= 1
        } else if !tag.starts(with: Array("<!".utf8)), !tag.starts(with: Array("<?".utf8)),
          bytes[close - 1] != UInt8(ascii: "/")
        {
          depth += 1
        }
        position = close + 1
      case UInt8(ascii: "&"):
        guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ";")) else { return nil }
        position = end + 1
      default:
        // Never inside a character's UTF-8 bytes, nor between CR and LF.
        let isCharacterStart = bytes[position] & 0xC0 != 0x80
        if depth == 0, position >= max(count, 1), isCharacterStart,
          bytes[position - 1] != UInt8(ascii: "\r")
        {
          return parses(bytes[..<position]) && parses(bytes[position...])
            ? markup.utf8.index(markup.utf8.startIndex, offsetBy: position) : nil
        }
        position += 1
      }
    }
    return nil
  }

  private static func parses(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        pango_parse_markup($0.baseAddress, Int32($0.count), 0, nil, nil, nil, nil) != 0
      }
    }
  }
}
