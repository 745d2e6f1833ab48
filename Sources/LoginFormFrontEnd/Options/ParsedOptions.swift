import LoginFormPrompt

/// What GLib's option parser found on a command line, read back checked:
/// text as UTF-8, numbers within their option's range.
///
/// Values arrive as raw bytes, so that the caller's locale cannot reject
/// them before they are checked here; numbers arrive as text because GLib's
/// integer kind silently accepts every 32-bit value, so no sentinel could
/// tell "not given" from a given value, and its range is not the option's.
package struct ParsedOptions {
  private let texts: [String: [UInt8]]
  private let flags: Set<String>
  /// The arguments after the options, without the program name.
  package let positional: [String]

  /// The values given: `texts` for options with a value, `flags` for those
  /// without, both by long name.
  package init(texts: [String: [UInt8]], flags: Set<String>, positional: [String]) {
    self.texts = texts
    self.flags = flags
    self.positional = positional
  }

  /// Whether the option was given, with or without a value.
  package func isGiven(_ name: String) -> Bool {
    texts[name] != nil || flags.contains(name)
  }

  /// The value of a text option, checked as UTF-8; nil when not given.
  package func text(_ name: String) throws(OptionsError) -> String? {
    guard let bytes = texts[name] else { return nil }
    guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
      throw .invalidUTF8(option: name)
    }
    return text
  }

  /// The value of a number option: decimal digits only, within `range`;
  /// nil when not given.
  package func integer(_ name: String, in range: ClosedRange<Int>) throws(OptionsError) -> Int? {
    guard let text = try text(name) else { return nil }
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2D }),
      let value = Int(text), range.contains(value)
    else {
      throw .invalidValue(
        option: name,
        reason: range.upperBound == Int.max
          // TRANSLATORS: a reason after "Invalid value for --…:".
          ? formatted(localized("must be a whole number of at least %d"), range.lowerBound)
          : formatted(
            // TRANSLATORS: a reason after "Invalid value for --…:".
            localized("must be a whole number from %d to %d"), range.lowerBound, range.upperBound))
    }
    return value
  }

  /// Whether a flag was given.
  package func flag(_ name: String) -> Bool {
    flags.contains(name)
  }
}
