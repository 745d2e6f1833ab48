import LoginFormModel

/// The bytes an askpass program prints: one line, which is all ssh, sudo
/// and git read.
public enum AskpassAnswer {
  /// Writes `secret` and a newline.
  ///
  /// Refuses (writing nothing) a secret holding CR, LF or NUL: ssh would
  /// keep only what precedes the first line break, silently.
  public static func encode(
    secret: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) throws(AskpassAnswerError) {
    guard !secret.contains(where: LineByte.breaksLine) else { throw .lineBreakInSecret }
    sink.append(contentsOf: secret)
    sink.append(LineByte.newline)
  }

  /// Writes `username` and a newline, for git's `Username for '…': `.
  public static func encode(
    username: Substring, into sink: inout some ByteSink
  ) throws(AskpassAnswerError) {
    guard !username.utf8.contains(where: LineByte.breaksLine) else {
      throw .lineBreakInUsername
    }
    sink.append(contentsOf: username.utf8)
    sink.append(LineByte.newline)
  }

  /// Writes `yes` or `no` and a newline, for ssh's host-key question.
  public static func encode(yes: Bool, into sink: inout some ByteSink) {
    sink.append(contentsOf: (yes ? "yes\n" : "no\n").utf8)
  }

  /// Writes the empty line that allows a `confirm` request (exit 0 too).
  public static func encodeConfirmation(into sink: inout some ByteSink) {
    sink.append(LineByte.newline)
  }
}
