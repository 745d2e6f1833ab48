import LoginFormModel

/// The bytes an askpass program prints: one line, which is all ssh, sudo
/// and git read.
package enum AskpassAnswer {
  /// Writes `secret` and a newline; `secret` must fit one line (the form
  /// refuses control characters, so it always does).
  package static func encode(secret: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink) {
    precondition(LineByte.fitsOneLine(secret), "an askpass answer holds one line")
    sink.append(contentsOf: secret)
    sink.append(LineByte.newline)
  }

  /// Writes `username` and a newline, for git's `Username for '…': `;
  /// `username` must fit one line.
  package static func encode(username: Substring, into sink: inout some ByteSink) {
    precondition(LineByte.fitsOneLine(username.utf8), "an askpass answer holds one line")
    sink.append(contentsOf: username.utf8)
    sink.append(LineByte.newline)
  }

  /// Writes `yes` or `no` and a newline, for ssh's host-key question.
  package static func encode(yes: Bool, into sink: inout some ByteSink) {
    sink.append(contentsOf: (yes ? "yes\n" : "no\n").utf8)
  }

  /// Writes `text` and a newline: another answer ssh accepts, such as the
  /// host key's fingerprint for yes. `text` must fit one line.
  package static func encode(line text: String, into sink: inout some ByteSink) {
    precondition(LineByte.fitsOneLine(text.utf8), "an askpass answer holds one line")
    sink.append(contentsOf: text.utf8)
    sink.append(LineByte.newline)
  }

  /// Writes the empty line that allows a `confirm` request (exit 0 too).
  package static func encodeConfirmation(into sink: inout some ByteSink) {
    sink.append(LineByte.newline)
  }
}
