#if canImport(LoginFormModel)
  import LoginFormModel
#endif

/// The rules recomputed the slow, obvious way, without the model's shortcuts
/// (counting that stops early, trimming by index, searching in place): the
/// oracle for the random-edit test and for the fuzzer, which compiles this
/// file into its own module together with the model's sources.
enum NaiveRules {
  /// C0 controls, DEL, C1 controls, and the line and paragraph separators.
  static let controls: Set<UInt32> = Set(0...0x1F).union(0x7F...0x9F).union([0x2028, 0x2029])

  /// Whether `value` satisfies `rules`; `trim` for the username.
  static func accept(_ value: String, _ rules: FieldRules, trim: Bool) -> Bool {
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
    let bytes = Array(String(characters).utf8)
    if let separator = rules.separator.map({ Array($0.utf8) }),
      bytes.indices.contains(where: { bytes[$0...].starts(with: separator) })
    {
      return false
    }
    guard let source = rules.pattern?.source else { return true }
    // Compiled again from the source, so that the oracle does not rely on
    // UsernamePattern's own matching. A pattern the rules accepted compiles;
    // if it did not, false here would disagree with the model and fail.
    guard let regex = try? Regex(source) else { return false }
    return String(characters).wholeMatch(of: regex) != nil
  }
}
