import CGLib
import CTerminal
import Glibc
import LoginFormLockedMemory

/// The character set a terminal speaks: UTF-8, or the one of a non-UTF-8
/// locale (gpg-agent passes its client's as `OPTION lc-ctype`). What is
/// shown is converted to it, with `?` for what it cannot show or would be a
/// control there (see TerminalEncoder); what is typed is converted from it
/// into UTF-8 in locked memory, a character at a time.
///
/// ASCII counts as UTF-8: a "C" locale on a UTF-8 terminal is common, and
/// UTF-8 shows ASCII the same.
package final class TerminalCharset {
  /// The character set's name, or nil for UTF-8.
  package let name: String?
  private let decoder: GIConv?
  private let encoder: TerminalEncoder?
  /// Where one typed character is converted into UTF-8.
  private let scratch: LockedRegion?

  /// The most UTF-8 bytes one typed character can become.
  package static let maximumCharacterBytes = 16

  private init(
    name: String?, decoder: GIConv?, encoder: TerminalEncoder?, scratch: LockedRegion?
  ) {
    self.name = name
    self.decoder = decoder
    self.encoder = encoder
    self.scratch = scratch
  }

  /// UTF-8.
  package static var utf8: TerminalCharset {
    TerminalCharset(name: nil, decoder: nil, encoder: nil, scratch: nil)
  }

  /// The character set of the locale `locale`, or of this process's when
  /// nil. One that cannot be converted from (or no locked memory for it)
  /// is taken as UTF-8.
  package static func of(locale: String?) -> TerminalCharset {
    guard let codeset = codeset(of: locale), !isUTF8Compatible(codeset),
      let scratch = LockedRegion(capacity: maximumCharacterBytes),
      let encoder = TerminalEncoder(charset: codeset)
    else { return .utf8 }
    let decoder = g_iconv_open("UTF-8", codeset)
    guard let decoder, Int(bitPattern: decoder) != -1 else { return .utf8 }
    return TerminalCharset(name: codeset, decoder: decoder, encoder: encoder, scratch: scratch)
  }

  /// The codeset of `locale` as the system knows it, else as its name
  /// spells it (`de_DE.ISO-8859-1@euro`); this process's for nil.
  static func codeset(of locale: String?) -> String? {
    guard let locale else {
      var charset: UnsafePointer<CChar>?
      return g_get_charset(&charset) != 0 ? nil : charset.map { String(cString: $0) }
    }
    if let codeset = lf_locale_codeset(locale) {
      defer { free(codeset) }
      return String(cString: codeset)
    }
    return codeset(ofLocaleName: locale)
  }

  /// The codeset a locale name spells out: what follows the dot, up to a
  /// modifier; nil when it names none.
  package static func codeset(ofLocaleName name: String) -> String? {
    guard let dot = name.firstIndex(of: ".") else { return nil }
    let codeset = name[name.index(after: dot)...].prefix { $0 != "@" }
    return codeset.isEmpty ? nil : String(codeset)
  }

  /// Whether text in `codeset` is UTF-8 as it is: UTF-8 itself, or ASCII.
  package static func isUTF8Compatible(_ codeset: String) -> Bool {
    let plain = codeset.uppercased().filter { $0.isLetter || $0.isNumber }
    return ["UTF8", "ASCII", "USASCII", "ANSIX341968", "646"].contains(plain)
  }

  /// `text` in this character set; what it cannot hold, and what would be
  /// a control there, becomes `?`.
  package func encode(_ text: String) -> [UInt8] {
    encoder?.encode(text) ?? Array(text.utf8)
  }

  /// Converts the bytes of one typed character into UTF-8, handing the
  /// result to `body` in locked memory (wiped afterwards). UTF-8 is checked
  /// as it is.
  package func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> PendingCharacter {
    guard let decoder, let scratch else {
      let status = Self.utf8Status(of: bytes)
      if status == .complete { body(bytes) }
      return status
    }
    defer {
      scratch.wipe()
      // Back to the initial shift state for the next character.
      _ = g_iconv(decoder, nil, nil, nil, nil)
    }
    var input = UnsafeMutableRawPointer(mutating: bytes.baseAddress)?
      .assumingMemoryBound(to: gchar.self)
    var inputLeft = gsize(bytes.count)
    var output = UnsafeMutableRawPointer(scratch.bytes.baseAddress)?
      .assumingMemoryBound(to: gchar.self)
    var outputLeft = gsize(scratch.bytes.count)
    if g_iconv(decoder, &input, &inputLeft, &output, &outputLeft) == gsize.max {
      return errno == EINVAL ? .incomplete : .invalid
    }
    let count = scratch.bytes.count - Int(outputLeft)
    body(UnsafeBufferPointer(rebasing: scratch.bytes[..<count]))
    return .complete
  }

  /// Whether `bytes` are one whole UTF-8 character (`.complete`), the start
  /// of one (`.incomplete`), or none (`.invalid`: a stray continuation
  /// byte, an overlong form, a surrogate, beyond U+10FFFF).
  package static func utf8Status(of bytes: UnsafeBufferPointer<UInt8>) -> PendingCharacter {
    guard let lead = bytes.first else { return .incomplete }
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: length = 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      (length, second) = (3, 0xA0...0xBF)
    case 0xED:
      (length, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: length = 3
    case 0xF0:
      (length, second) = (4, 0x90...0xBF)
    case 0xF4:
      (length, second) = (4, 0x80...0x8F)
    case 0xF1...0xF3: length = 4
    default: return .invalid
    }
    guard bytes.count <= length else { return .invalid }
    for (index, byte) in bytes.enumerated().dropFirst() {
      guard (index == 1 ? second : 0x80...0xBF).contains(byte) else { return .invalid }
    }
    return bytes.count == length ? .complete : .incomplete
  }

  deinit {
    if let decoder { g_iconv_close(decoder) }
  }
}
