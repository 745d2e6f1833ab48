import CGtk

/// One-line messages on standard error, prefixed with the program's name.
/// Never used for anything that carries a secret.
package enum Diagnostics {
  /// Prints `message` as one line: "login-form: message".
  package static func warn(_ message: String) {
    let line = "login-form: " + message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }
}
