/// Exit statuses, as documented in the README and the man page. 5 for a
/// timeout is zenity's, so scripts written for it keep working.
package enum ExitStatus: Int32, Sendable {
  /// Done: the answer was written.
  case submitted = 0
  /// Cancel, Esc, the window closed, No, or SIGINT, SIGTERM or SIGHUP.
  case cancelled = 1
  /// A bad option, value or input, or no display.
  case usage = 2
  /// Standard output could not be written; nothing was delivered.
  case notDelivered = 3
  /// The keyboard could not be grabbed (another program held it) and the
  /// user gave up.
  case keyboardUnavailable = 4
  /// The timeout ran out before the user typed anything.
  case timedOut = 5
  /// The connection to the X server was lost.
  case displayLost = 6
  /// Another process traced this one, or made its memory readable, while
  /// it started: nothing was asked.
  case memoryExposed = 7
}

extension ExitStatus {
  /// The status of a prompt that ended with `result`, when nothing else
  /// (a failed write, say) decides it.
  package init(ending result: PromptResult) {
    switch result {
    case .submitted, .answered(true), .verified: self = .submitted
    case .timedOut: self = .timedOut
    case .keyboardUnavailable: self = .keyboardUnavailable
    case .lockedMemoryUnavailable: self = .usage
    case .answered(false), .answeredOther, .cancelled, .closed, .interrupted: self = .cancelled
    }
  }
}
