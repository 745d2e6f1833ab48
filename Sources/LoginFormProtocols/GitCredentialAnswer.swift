import LoginFormModel

/// The bytes a credential helper prints for git's `get`.
public enum GitCredentialAnswer {
  /// Writes `username=<username>\npassword=<password>\n`.
  ///
  /// Refuses (writing nothing) values holding CR, LF or NUL: git would read
  /// a cut value, or a line of its own choosing. The form refuses control
  /// characters, so this only guards.
  public static func encode(
    username: Substring, password: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) throws(GitCredentialAnswerError) {
    guard !username.utf8.contains(where: LineByte.breaksLine) else {
      throw .lineBreakInUsername
    }
    guard !password.contains(where: LineByte.breaksLine) else { throw .lineBreakInPassword }
    sink.append(contentsOf: "username=".utf8)
    sink.append(contentsOf: username.utf8)
    sink.append(contentsOf: "\npassword=".utf8)
    sink.append(contentsOf: password)
    sink.append(LineByte.newline)
  }

  /// Writes `quit=1\n`, for Cancel: git stops at once (exit 128) instead of
  /// asking on the terminal or the next helper.
  public static func encodeQuit(into sink: inout some ByteSink) {
    sink.append(contentsOf: "quit=1\n".utf8)
  }
}
