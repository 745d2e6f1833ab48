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
      formatted(localized("The value of --%s is not valid UTF-8"), option)
    case .invalidValue(let option, let reason):
      formatted(localized("Invalid value for --%s: %s"), option, reason)
    case .conflict(let first, let second):
      formatted(localized("--%s and --%s cannot be used together"), first, second)
    case .needs(let option, let other):
      formatted(localized("--%s needs --%s"), option, other)
    case .unexpectedArgument(let argument):
      formatted(localized("Unexpected argument: %s"), argument)
    }
  }
}
