/// Why a credential helper call is refused. The caller prints the
/// description as one line on standard error and exits 2 without a window.
///
/// No case carries any part of a value: a malformed line could be a piece
/// of a password.
package enum GitCredentialError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The action argument is not `get`, `store` or `erase`.
  case unknownAction(String)
  /// The input is longer than `limit` bytes.
  case inputTooLong(limit: Int)
  /// Line `line` (from 1) holds a NUL byte.
  case nulByte(line: Int)
  /// Line `line` holds a carriage return.
  case carriageReturn(line: Int)
  /// Line `line` is not empty and has no `=`.
  case missingEquals(line: Int)
  /// Line `line` starts with `=`.
  case emptyKey(line: Int)
  /// Line `line` is not UTF-8: in its key, or in the value of `key`.
  case invalidUTF8(line: Int, key: String?)
  /// The `url=` on line `line` has no `scheme://`.
  case urlWithoutScheme(line: Int)
  /// The `url=` on line `line` decodes to a `component` holding CR, LF or
  /// NUL.
  case lineBreakInURL(line: Int, component: String)
  /// A `get` names no host (and is not a `cert` request naming a path).
  case missingHost

  /// One line for standard error.
  package var description: String {
    switch self {
    case .unknownAction(let action):
      "unknown credential action '\(action)': expected get, store or erase"
    case .inputTooLong(let limit): "credential input is longer than \(limit) bytes"
    case .nulByte(let line): "credential line \(line) holds a NUL byte"
    case .carriageReturn(let line): "credential line \(line) holds a carriage return"
    case .missingEquals(let line): "credential line \(line) is not key=value"
    case .emptyKey(let line): "credential line \(line) has an empty key"
    case .invalidUTF8(let line, let key?): "credential line \(line) (\(key)) is not UTF-8"
    case .invalidUTF8(let line, nil): "credential line \(line) is not UTF-8"
    case .urlWithoutScheme(let line): "credential line \(line): url has no scheme"
    case .lineBreakInURL(let line, let component):
      "credential line \(line): url has a line break in its \(component)"
    case .missingHost: "credential request names no host"
    }
  }
}
