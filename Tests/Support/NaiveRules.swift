import LoginFormModel

/// The rules recomputed the slow, obvious way, without the model's shortcuts
/// (counting that stops early, trimming by index, grapheme breaking scalar by
/// scalar, searching in place): the oracle for the random-edit test and for
/// the fuzzer.
package enum NaiveRules {
  /// C0 controls, DEL, C1 controls, and the line and paragraph separators.
  package static let controls: Set<UInt32> = Set(0...0x1F).union(0x7F...0x9F).union([
    0x2028, 0x2029,
  ])

  /// Whether the form's values satisfy its rules.
  package static func accept(
    shape: FormShape, rules: FormRules, username: String, password: String, repeated: String
  ) -> Bool {
    (!shape.contains(.username) || accept(username, rules.username, trim: true))
      && (!shape.contains(.password) || accept(password, rules.password, trim: false))
      && (!shape.contains(.passwordRepeat) || Array(password.utf8) == Array(repeated.utf8))
  }

  /// Whether `value` satisfies `rules`; `trim` for the username.
  package static func accept(_ value: String, _ rules: FieldRules, trim: Bool) -> Bool {
    var characters = Array(value)
    if trim {
      while let first = characters.first, first.isWhitespace { characters.removeFirst() }
      while let last = characters.last, last.isWhitespace { characters.removeLast() }
    }
    let hasControl = characters.contains {
      $0.unicodeScalars.contains { Self.controls.contains($0.value) }
    }
    guard (rules.minimumLength...rules.maximumLength).contains(characters.count), !hasControl else {
      return false
    }
    let text = String(characters)
    if let maximumBytes = rules.maximumBytes, text.utf8.count > maximumBytes { return false }
    if rules.refusesInvisibleCharacters, hasInvisible(characters) { return false }
    if let separator = rules.separator {
      // The first separator in "value SEP …" must start right after the value.
      let line = Array((text + separator).utf8)
      let needle = Array(separator.utf8)
      let first = (0...(line.count - needle.count)).first {
        Array(line[$0..<($0 + needle.count)]) == needle
      }
      if first != text.utf8.count { return false }
    }
    guard let source = rules.pattern?.source else { return true }
    // Compiled again from the source, so that the oracle does not rely on
    // the pattern's own matcher.
    guard let regex = try? Regex(source) else { return false }
    return text.wholeMatch(of: regex) != nil
  }

  /// Bidirectional controls anywhere; outside emoji, default-ignorable
  /// scalars other than attached variation selectors, and joiners that do not sit
  /// between a non-Latin letter and another letter or mark.
  package static func hasInvisible(_ characters: [Character]) -> Bool {
    let scalars = characters.flatMap { character in
      character.unicodeScalars.enumerated().map {
        (scalar: $0.element, inEmoji: isEmoji(character), opensCharacter: $0.offset == 0)
      }
    }
    for (index, entry) in scalars.enumerated() {
      let properties = entry.scalar.properties
      if properties.isBidiControl { return true }
      if entry.inEmoji { continue }
      if entry.scalar.value == 0x200C || entry.scalar.value == 0x200D {
        let before = index > 0 ? scalars[index - 1].scalar : nil
        let after = index + 1 < scalars.count ? scalars[index + 1].scalar : nil
        guard let before, isLetterOrMark(before), !isLatin(before), let after,
          isLetterOrMark(after)
        else { return true }
        continue
      }
      let isVariationSelector =
        [0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180F]
        .contains { $0.contains(entry.scalar.value) } && entry.scalar.value != 0x180E
      // A variation selector changes the look of what it follows; alone, at
      // the start of a character, it is invisible.
      if properties.isDefaultIgnorableCodePoint && (!isVariationSelector || entry.opensCharacter) {
        return true
      }
    }
    return false
  }

  package static func isEmoji(_ character: Character) -> Bool {
    let first = character.unicodeScalars.first!
    return first.properties.isEmoji
      && (first.value > 0x7F || character.unicodeScalars.contains("\u{20E3}"))
  }

  package static func isLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
    "L" == scalar.properties.generalCategory.abbreviationInitial
      || "M" == scalar.properties.generalCategory.abbreviationInitial
  }

  package static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
    [
      0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F,
      0xFF00...0xFFEF,
    ]
    .contains { $0.contains(scalar.value) }
  }
}

extension Unicode.GeneralCategory {
  /// "L" for letters, "M" for marks, and so on.
  fileprivate var abbreviationInitial: Character {
    switch self {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: "L"
    case .nonspacingMark, .spacingMark, .enclosingMark: "M"
    default: "?"
    }
  }
}
