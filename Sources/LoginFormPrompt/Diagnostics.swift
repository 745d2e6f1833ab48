import Glibc

/// One-line messages on standard error, prefixed with the program's name.
/// Never used for anything that carries a secret.
package enum Diagnostics {
  /// Whether `debug` lines are written (`LOGIN_FORM_DEBUG`); set once, at
  /// start-up, before any window exists.
  nonisolated(unsafe) package static var showsDebugLines = false

  /// Prints `message` as one line: "login-form: message". Whatever
  /// reached the message from outside is shown, never obeyed, even if the
  /// path that brought it forgot to make it safe.
  package static func warn(_ message: String) {
    let line = "login-form: " + ClientText.plainLine(message) + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }

  /// Prints "login-form: debug: message" if debug lines were asked for:
  /// what a user filing a bug can quote. In English, as GLib's own debug
  /// messages are, so that a report reads the same in every language.
  package static func debug(_ message: @autoclosure () -> String) {
    if showsDebugLines { warn("debug: " + message()) }
  }
}
