import CGtk

/// One parse of a command line by GLib's GOptionContext, and the checked
/// reading of what it found: text as UTF-8, numbers within their option's
/// range, positional arguments. Each mode declares its own options on it.
final class OptionParser {
  /// Where the declared options' values go.
  let table = OptionTable()
  /// The arguments left after the options, without the program name.
  private(set) var positional: [String] = []

  /// Parses the process's raw, NULL-terminated arguments; `summary` heads
  /// `--help`, and GTK's own options (`--display`, `--help-gtk`) are added
  /// when `includesGtk`.
  func parse(
    argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, summary: String, includesGtk: Bool
  ) throws(OptionsError) {
    // GLib removes what it parses from the vector; the strv variant frees
    // what it removes, so it works on a copy that is freed whole at the end.
    var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = g_strdupv(argv)
    defer { g_strfreev(vector) }
    let context = g_option_context_new(nil)
    defer { g_option_context_free(context) }
    g_option_context_set_summary(context, summary)
    g_option_context_set_translation_domain(context, Localization.domain)
    g_option_context_add_main_entries(context, table.mainEntries, Localization.domain)
    if includesGtk { g_option_context_add_group(context, gtk_get_option_group(false.gboolean)) }
    var error: UnsafeMutablePointer<GError>?
    guard g_option_context_parse_strv(context, &vector, &error) != 0 else {
      throw .parse(takeMessage(error))
    }
    var index = 1
    while let argument = vector?[index] {
      // Decoded leniently: a prompt in a legacy encoding still shows.
      let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
      positional.append(String(decoding: bytes, as: UTF8.self))
      index += 1
    }
  }

  /// The value of a text option, checked as UTF-8; nil when not given.
  func text(_ name: String) throws(OptionsError) -> String? {
    guard let bytes = table.textBytes(name) else { return nil }
    guard g_utf8_validate(bytes, -1, nil) != 0 else { throw .invalidUTF8(option: name) }
    return String(cString: bytes)
  }

  /// The value of a number option: decimal digits only, within `range`;
  /// nil when not given.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(OptionsError) -> Int? {
    guard let text = try text(name) else { return nil }
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2D }),
      let value = Int(text), range.contains(value)
    else {
      throw .invalidValue(
        option: name,
        reason: range.upperBound == Int.max
          ? formatted(localized("must be a whole number of at least %d"), range.lowerBound)
          : formatted(
            localized("must be a whole number from %d to %d"), range.lowerBound, range.upperBound))
    }
    return value
  }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool {
    table.flag(name)
  }
}
