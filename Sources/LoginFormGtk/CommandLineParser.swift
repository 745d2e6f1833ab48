import CGtk

/// One parse of a command line by GLib's GOptionContext, with GTK's own
/// options (`--display`, `--help-gtk`) alongside the caller's. It only
/// collects what was given; checking the values is the caller's job.
package enum CommandLineParser {
  /// An option to accept: its long name, the placeholder `--help` shows for
  /// its value (nil for a flag, which takes none), and its `--help` line.
  package typealias Option = (name: String, placeholder: String?, summary: String)

  /// What the command line gave.
  package struct Values {
    /// The raw bytes of each text option given, by name.
    package var texts: [String: [UInt8]] = [:]
    /// The flags given.
    package var flags: Set<String> = []
    /// The arguments after the options, without the program name, decoded
    /// leniently: a prompt in a legacy encoding still shows.
    package var positional: [String] = []
    /// The display `--display` named, if any.
    package var displayName: String?
  }

  /// GLib's complaint about the command line (an unknown option, a missing
  /// value), as one line.
  package struct Failure: Error {
    package let message: String
  }

  /// Parses `arguments` (the program name first) against `options`: for a
  /// mode whose own arguments are a part of the process's.
  package static func parse(
    arguments: [String], options: [Option], summary: String, description: String? = nil,
    translationDomain: String
  ) throws(Failure) -> Values {
    let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: arguments.count + 1)
    defer { vector.deallocate() }
    for (index, argument) in arguments.enumerated() { vector[index] = g_strdup(argument) }
    vector[arguments.count] = nil
    defer { for index in arguments.indices { g_free(vector[index]) } }
    return try parse(
      argv: vector, options: options, summary: summary, description: description,
      translationDomain: translationDomain)
  }

  /// Parses the process's raw, NULL-terminated arguments against `options`;
  /// `summary` heads `--help`, which GLib prints before exiting 0, and
  /// `description` follows the options there.
  package static func parse(
    argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, options: [Option], summary: String,
    description: String? = nil, translationDomain: String
  ) throws(Failure) -> Values {
    let table = OptionTable()
    for option in options {
      if let placeholder = option.placeholder {
        table.text(option.name, option.summary, placeholder: placeholder)
      } else {
        table.flag(option.name, option.summary)
      }
    }
    // GLib removes what it parses from the vector; the strv variant frees
    // what it removes, so it works on a copy that is freed whole at the end.
    var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = g_strdupv(argv)
    defer { g_strfreev(vector) }
    let context = g_option_context_new(nil)
    defer { g_option_context_free(context) }
    g_option_context_set_summary(context, summary)
    if let description { g_option_context_set_description(context, description) }
    g_option_context_set_translation_domain(context, translationDomain)
    g_option_context_add_main_entries(context, table.mainEntries, translationDomain)
    g_option_context_add_group(context, gtk_get_option_group(false.gboolean))
    var error: UnsafeMutablePointer<GError>?
    guard g_option_context_parse_strv(context, &vector, &error) != 0 else {
      throw Failure(message: takeMessage(error))
    }
    var values = Values()
    for option in options {
      if option.placeholder == nil {
        if table.flag(option.name) { values.flags.insert(option.name) }
      } else if let bytes = table.textBytes(option.name) {
        values.texts[option.name] = Array(
          UnsafeRawBufferPointer(start: bytes, count: strlen(bytes)))
      }
    }
    var index = 1
    while let argument = vector?[index] {
      let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument))
      values.positional.append(String(decoding: bytes, as: UTF8.self))
      index += 1
    }
    values.displayName = gdk_get_display_arg_name().map { String(cString: $0) }
    return values
  }
}
