import LoginFormModel

/// An `ERR` line as libassuan writes it:
/// `ERR <number> <description> <<source>>[ - <detail>]`, where the number
/// is a gpg-error code with its source in the top byte.
///
/// Codes and sources are those pinentry 1.2.1 answers with: its own
/// handlers report source Pinentry, libassuan's dispatcher "User defined
/// source 1".
struct AssuanError: Error, Hashable, Sendable {
  /// Where gpg-error says the error comes from.
  enum Source: UInt32 {
    case pinentry = 5
    case userDefined1 = 32

    var name: String {
      switch self {
      case .pinentry: "Pinentry"
      case .userDefined1: "User defined source 1"
      }
    }
  }

  let code: UInt32
  let source: Source
  /// gpg-error's text for the code, as `gpg_strerror` gives it.
  let text: String
  /// What libassuan appends after ` - `, if anything.
  var detail: String?

  /// The number on the wire.
  var number: UInt32 { source.rawValue << 24 | code }

  func write(into sink: inout some ByteSink) {
    sink.append(contentsOf: "ERR \(number) \(text) <\(source.name)>".utf8)
    if let detail { sink.append(contentsOf: " - \(detail)".utf8) }
    sink.append(LineByte.newline)
  }

  /// The same error with libassuan's explanation appended.
  func with(detail: String) -> AssuanError {
    var error = self
    error.detail = detail
    return error
  }

  static let cancelled = AssuanError(code: 99, source: .pinentry, text: "Operation cancelled")
  static let timeout = AssuanError(code: 62, source: .pinentry, text: "Timeout")
  static let notConfirmed = AssuanError(code: 114, source: .pinentry, text: "Not confirmed")
  /// GPG_ERR_ENOMEM: no locked memory for the PIN.
  static let noMemory = AssuanError(
    code: 32_854, source: .pinentry, text: "Cannot allocate memory")
  static let unknownOption = AssuanError(code: 174, source: .pinentry, text: "Unknown option")
  static let parameter = AssuanError(code: 280, source: .pinentry, text: "IPC parameter error")
  static let unknownCommand = AssuanError(
    code: 275, source: .userDefined1, text: "Unknown IPC command")
  static let syntax = AssuanError(code: 276, source: .userDefined1, text: "IPC syntax error")
  static let notImplemented = AssuanError(
    code: 69, source: .userDefined1, text: "Not implemented")
  static let lineTooLong = AssuanError(
    code: 263, source: .userDefined1, text: "Line passed to IPC too long")
  static let nestedCommands = AssuanError(
    code: 264, source: .userDefined1, text: "Nested IPC commands")
  static let invalidValue = AssuanError(
    code: 261, source: .pinentry, text: "Invalid value passed to IPC")
  static let generalIPC = AssuanError(code: 257, source: .pinentry, text: "General IPC error")
  static let notFound = AssuanError(code: 27, source: .userDefined1, text: "Not found")
  static let unknownHelpTopic = AssuanError(
    code: 175, source: .userDefined1, text: "Unknown command")

  /// A system error as pinentry reports it (`gpg_error_from_syserror`),
  /// for the few that opening a terminal gives; any other is reported as
  /// ENOTTY. Error numbers and texts are Linux's and libgpg-error's.
  static func system(_ errorNumber: Int32) -> AssuanError {
    let (code, text): (UInt32, String) =
      switch errorNumber {
      case 1: (32875, "Operation not permitted")
      case 2: (32849, "No such file or directory")
      case 5: (32817, "Input/output error")
      case 6: (32872, "No such device or address")
      case 13: (32769, "Permission denied")
      default: (32870, "Inappropriate ioctl for device")
      }
    return AssuanError(code: code, source: .pinentry, text: text)
  }
}
