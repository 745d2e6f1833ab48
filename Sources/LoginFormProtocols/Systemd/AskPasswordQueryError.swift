/// Why an ask file cannot be answered. Each case reads as one line.
package enum AskPasswordQueryError: Error, Equatable, CustomStringConvertible {
  /// Larger than any ask file systemd writes.
  case tooLarge
  /// Not UTF-8 text.
  case notText
  /// No absolute `Socket=` to answer on.
  case noSocket
  /// A key whose value does not read.
  case invalid(String)

  package var description: String {
    switch self {
    case .tooLarge: "larger than \(AskPasswordQuery.maximumBytes) bytes"
    case .notText: "not UTF-8 text"
    case .noSocket: "no absolute Socket="
    case .invalid(let key): "\(key)= does not read"
    }
  }
}
