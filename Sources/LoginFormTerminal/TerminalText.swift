import CGLib
import Glibc
import LoginFormPrompt

/// Text as the terminal shows it: every character that could move the
/// cursor, change the terminal's state (an escape sequence in a key
/// comment, a title that sets the window title) or reorder the line is
/// replaced by a visible stand-in, so what a client sends can only ever be
/// read, never obeyed.
package enum TerminalText {
  /// The lines of `text`, each made safe: a line break (LF, CR LF, a lone
  /// CR, NEL, the Unicode line and paragraph separators) starts a new line
  /// rather than moving the cursor.
  package static func lines(_ text: String) -> [String] {
    var lines: [String] = []
    var line: [Unicode.Scalar] = []
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      defer { previous = scalar }
      if scalar == "\n", previous == "\r" { continue }
      if isLineBreak(scalar) {
        lines.append(shown(line))
        line = []
      } else {
        line.append(scalar)
      }
    }
    lines.append(shown(line))
    return lines
  }

  /// `text` on one line, made safe; a line break shows as a space.
  package static func line(_ text: some StringProtocol) -> String {
    shown(text.unicodeScalars.map { isLineBreak($0) ? " " : $0 })
  }

  /// One line made safe. The isolates ClientText puts around a client's
  /// text (FSI, PDI) are left out wherever they are: they only matter to a
  /// window's bidirectional layout, and ClientText has already shown the
  /// client's own by name.
  private static func shown(_ scalars: [Unicode.Scalar]) -> String {
    var line = ""
    for scalar in scalars where !ClientText.isIsolate(scalar) {
      VisibleScalar.append(scalar, to: &line)
    }
    return line
  }

  /// A label without its mnemonic mark: `_Yes` is "Yes", `__` is "_".
  package static func withoutMnemonic(_ label: String) -> String {
    mnemonic(of: label).text
  }

  /// A label without its mnemonic mark, and the offset (in characters of
  /// that text) of the character the mark stood before, if any. A mark in
  /// parentheses at the end, as Chinese and Japanese labels carry it
  /// (`キャンセル(_C)`), goes whole: a terminal has no key to underline.
  package static func mnemonic(of label: String) -> (text: String, offset: Int?) {
    if let bare = withoutTrailingMnemonic(label) { return (bare, nil) }
    var text = ""
    var offset: Int?
    var characters = label[...]
    while let character = characters.popFirst() {
      guard character == "_", let next = characters.first else {
        text.append(character)
        continue
      }
      characters.removeFirst()
      if next != "_", offset == nil { offset = text.count }
      text.append(next)
    }
    return (text, offset)
  }

  /// `label` without a final `(_X)` or `（_X）` and the blanks before it;
  /// nil when it has none.
  private static func withoutTrailingMnemonic(_ label: String) -> String? {
    let scalars = Array(label.unicodeScalars)
    guard scalars.count >= 5 else { return nil }
    let key = scalars[scalars.count - 2]
    guard ["(", "（"].contains(scalars[scalars.count - 4]), scalars[scalars.count - 3] == "_",
      key.isASCII, key.properties.isAlphabetic || ("0"..."9").contains(key),
      [")", "）"].contains(scalars[scalars.count - 1])
    else { return nil }
    var text = String(String.UnicodeScalarView(scalars.dropLast(4)))
    while text.last?.isWhitespace == true { text.removeLast() }
    return text.isEmpty ? nil : text
  }

  /// The columns `text` takes on a terminal: two for a wide character (CJK),
  /// none for a combining mark.
  package static func width(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      let character = gunichar(scalar.value)
      if g_unichar_iszerowidth(character) != 0 { return total }
      return total + (g_unichar_iswide(character) != 0 ? 2 : 1)
    }
  }

  private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
  }
}

extension TerminalText {
  /// The text of Pango markup (`--text-markup`), without its tags and
  /// with its entities read; the markup as it is if it does not parse
  /// (the ordinary options refuse such markup before any prompt). Pango
  /// markup is XML without a root, so GLib's own parser reads it inside
  /// one, and the terminal needs nothing of Pango.
  package static func plain(markup: String) -> String {
    let collected = CollectedText()
    var parser = GMarkupParser()
    parser.text = { _, text, length, data, _ in
      guard let text, let data else { return }
      Unmanaged<CollectedText>.fromOpaque(data).takeUnretainedValue().bytes.append(
        contentsOf: UnsafeRawBufferPointer(start: text, count: Int(length)))
    }
    let context = g_markup_parse_context_new(
      &parser, GMarkupParseFlags(rawValue: 0), Unmanaged.passUnretained(collected).toOpaque(),
      nil)
    defer { g_markup_parse_context_free(context) }
    let wrapped = "<markup>" + markup + "</markup>"
    guard g_markup_parse_context_parse(context, wrapped, -1, nil) != 0,
      g_markup_parse_context_end_parse(context, nil) != 0
    else { return markup }
    return String(decoding: collected.bytes, as: UTF8.self)
  }
}

/// Where the markup parser puts the text it reads.
private final class CollectedText {
  var bytes: [UInt8] = []
}
