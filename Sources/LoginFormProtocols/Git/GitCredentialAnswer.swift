import LoginFormModel

/// The bytes a credential helper prints for git's `get`.
package enum GitCredentialAnswer {
  /// Writes `username=<username>\npassword=<password>\n`; both must fit one
  /// line (the form refuses control characters, so they always do).
  package static func encode(
    username: Substring, password: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) {
    precondition(
      LineByte.fitsOneLine(username.utf8) && LineByte.fitsOneLine(password),
      "a credential value holds one line")
    sink.append(contentsOf: "username=".utf8)
    sink.append(contentsOf: username.utf8)
    sink.append(contentsOf: "\npassword=".utf8)
    sink.append(contentsOf: password)
    sink.append(LineByte.newline)
  }

  /// Writes `quit=1\n`, for Cancel: git stops at once (exit 128) instead of
  /// asking on the terminal or the next helper.
  package static func encodeQuit(into sink: inout some ByteSink) {
    sink.append(contentsOf: "quit=1\n".utf8)
  }
}
