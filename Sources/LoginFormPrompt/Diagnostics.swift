import Glibc

/// One-line messages on standard error, prefixed with the program's name.
/// Never used for anything that carries a secret.
package enum Diagnostics {
  /// Prints `message` as one line: "login-form: message". Whatever
  /// reached the message from outside is shown, never obeyed, even if the
  /// path that brought it forgot to make it safe.
  package static func warn(_ message: String) {
    let line = "login-form: " + ClientText.plainLine(message) + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }
}
