/// A caller's paths, fingerprints and addresses kept whole in a text view,
/// which has no "allow breaks" tag in GTK 3 (a label has the attribute, see
/// WholeTokens): a WORD JOINER (U+2060) between the characters of such a
/// token forbids the breaks Pango would make at its "/", "+" or ":", and
/// shows as nothing. A token wider than the view still wraps: the text
/// view wraps by character what no break opportunity lets fit.
enum TokenJoiners {
  static let joiner: Unicode.Scalar = "\u{2060}"

  /// Tokens longer than this, in characters, cannot fit the widest view
  /// anyway, and are left as they are.
  private static let longestJoined = 80

  /// Characters after which Pango breaks inside a token.
  private static let breakingPunctuation = Set("/+:-=.,;@%\\?&!|~")

  /// How many of the longest joined tokens are measured for the width.
  private static let measured = 4

  /// `text` with joiners inside each token that Pango would break: a run
  /// without white space of up to 80 characters with such punctuation
  /// inside it (not at an end, as a sentence's full stop is). Runs of
  /// ideographs are left alone: they break between any two characters, as
  /// they should. With it, the longest tokens joined, longest first, for
  /// the view to be made wide enough for.
  static func joined(_ text: String) -> (text: String, longest: [String]) {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var longest: [String] = []
    var run: [Character] = []
    func flush() {
      let joins =
        run.count > 2 && run.count <= longestJoined
        && run.dropFirst().dropLast().contains(where: breakingPunctuation.contains)
        && !run.contains { $0.unicodeScalars.contains(where: \.properties.isIdeographic) }
      if joins, longest.count < measured || run.count > longest[measured - 1].count {
        longest.append(String(run))
        longest.sort { $0.count > $1.count }
        if longest.count > measured { longest.removeLast() }
      }
      for (index, character) in run.enumerated() {
        if joins, index > 0 { result.unicodeScalars.append(joiner) }
        result.append(character)
      }
      run.removeAll(keepingCapacity: true)
    }
    for character in text {
      if character.isWhitespace {
        flush()
        result.append(character)
      } else {
        run.append(character)
      }
    }
    flush()
    return (result, longest)
  }

  /// `text` without the joiners: what a copy of it holds.
  static func removed(from text: some StringProtocol) -> String {
    var shown = ""
    shown.unicodeScalars.append(contentsOf: text.unicodeScalars.filter { $0 != joiner })
    return shown
  }
}
