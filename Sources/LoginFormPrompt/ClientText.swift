/// Text a client wrote (a prompt, a key's description, a title), made safe
/// to show: line breaks of every kind become one kind, runs of blank lines
/// collapse, white space at the ends of lines goes, the characters that reorder text are shown instead of obeyed,
/// and each line is isolated from what surrounds it, so that
/// `alice@\u{202E}moc.buhtig\u{202C}.evil.example` cannot pass for
/// `alice@github.com.evil.example`, and a hundred empty lines cannot push
/// the form off the screen.
package enum ClientText {
  /// `text` ready to show in a window or on a terminal, several lines.
  package static func displayable(_ text: String) -> String {
    var shown: [String] = []
    var lastWasBlank = true  // no blank lines before the first one
    for line in lines(of: text) {
      let isBlank = line.allSatisfy(\.isWhitespace)
      if isBlank && lastWasBlank { continue }
      shown.append(
        isBlank
          ? ""
          : isolated(
            line[..<(line.lastIndex { !$0.isWhitespace }.map(line.index(after:)) ?? line.endIndex)])
      )
      lastWasBlank = isBlank
    }
    if shown.last == "" { shown.removeLast() }
    return shown.joined(separator: "\n")
  }

  /// `text` as one line (a heading, a label): line breaks become spaces.
  package static func displayableLine(_ text: String) -> String {
    isolated(oneLine(text))
  }

  /// `text` as a window title: one line, its reordering characters named,
  /// but not isolated, since nothing of ours surrounds it and a password
  /// manager's auto-type rule must match it as it reads.
  package static func title(_ text: String) -> String {
    named(oneLine(text))
  }

  /// `text` from outside (a service's error message) as one plain line
  /// for standard error: line breaks become spaces, and every character a
  /// terminal would obey is shown as `VisibleScalar` shows it.
  package static func plainLine(_ text: String) -> String {
    var line = ""
    for scalar in oneLine(text).unicodeScalars {
      VisibleScalar.append(scalar, to: &line)
    }
    return line
  }

  private static func oneLine(_ text: String) -> String {
    lines(of: text).filter { !$0.allSatisfy(\.isWhitespace) }.joined(separator: " ")
  }

  /// The characters that change the order text is shown in, and how each is
  /// shown instead: its standard abbreviation between angle brackets.
  static let directionalControls: [Unicode.Scalar: String] = [
    "\u{202A}": "LRE", "\u{202B}": "RLE", "\u{202C}": "PDF", "\u{202D}": "LRO", "\u{202E}": "RLO",
    "\u{2066}": "LRI", "\u{2067}": "RLI", "\u{2068}": "FSI", "\u{2069}": "PDI",
    "\u{200E}": "LRM", "\u{200F}": "RLM", "\u{061C}": "ALM",
  ]

  /// The lines of `text`, split at LF, CR, CRLF, VT, FF, NEL and the Unicode
  /// line and paragraph separators.
  private static func lines(of text: String) -> [Substring] {
    // By scalars: "\r\n" is one Character, and must stay one break.
    var lines: [Substring] = []
    var start = text.unicodeScalars.startIndex
    var index = start
    let scalars = text.unicodeScalars
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      guard ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
      else {
        index = next
        continue
      }
      lines.append(Substring(scalars[start..<index]))
      index =
        scalar == "\r" && next < scalars.endIndex && scalars[next] == "\n"
        ? scalars.index(after: next) : next
      start = index
    }
    lines.append(Substring(scalars[start...]))
    return lines
  }

  /// Whether `scalar` is one of the isolates (FSI, PDI) put around each
  /// line: invisible, and only for a window's bidirectional layout. A
  /// client's own are already shown by name, so any left are ours.
  package static func isIsolate(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\u{2068}" || scalar == "\u{2069}"
  }

  /// `text` without the isolates: what a copy of it holds, or a terminal
  /// shows.
  package static func withoutIsolates(_ text: some StringProtocol) -> String {
    var shown = ""
    shown.unicodeScalars.append(contentsOf: text.unicodeScalars.filter { !isIsolate($0) })
    return shown
  }

  /// One line with its directional controls shown, between FSI and PDI.
  private static func isolated(_ line: some StringProtocol) -> String {
    "\u{2068}" + named(line) + "\u{2069}"
  }

  /// `line` with its directional controls shown by name.
  private static func named(_ line: some StringProtocol) -> String {
    var shown = ""
    for scalar in line.unicodeScalars {
      if let name = directionalControls[scalar] {
        shown += "⟨" + name + "⟩"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }
}
