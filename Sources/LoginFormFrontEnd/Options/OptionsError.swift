import LoginFormPrompt

/// Why the command line could not be used. Each case reads as one line.
package enum OptionsError: Error, Equatable, CustomStringConvertible {
  /// GLib's own complaint: an unknown option, a missing or malformed value.
  case parse(String)
  /// A text value that is not valid UTF-8.
  case invalidUTF8(option: String)
  /// A value outside what the option accepts.
  case invalidValue(option: String, reason: String)
  /// Options that cannot be combined.
  case conflict(String, String)
  /// An option that means something only beside another.
  case needs(String, String)
  /// A positional argument where none is taken.
  case unexpectedArgument(String)

  /// The message for standard error, without the program name.
  package var description: String {
    switch self {
    case .parse(let message):
      message
    case .invalidUTF8(let option):
      // TRANSLATORS: %s is an option name, never translated.
      formatted(localized("The value of --%s is not valid UTF-8"), option)
    case .invalidValue(let option, let reason):
      // TRANSLATORS: the first %s is an option name, the second why its value is refused (another message).
      formatted(localized("Invalid value for --%s: %s"), option, reason)
    case .conflict(let first, let second):
      // TRANSLATORS: both %s are option names, never translated.
      formatted(localized("--%s and --%s cannot be used together"), first, second)
    case .needs(let option, let other):
      // TRANSLATORS: both %s are option names: the first means something only with the second.
      formatted(localized("--%s needs --%s"), option, other)
    case .unexpectedArgument(let argument):
      // TRANSLATORS: %s is the argument, as given.
      formatted(localized("Unexpected argument: %s"), argument)
    }
  }
}
