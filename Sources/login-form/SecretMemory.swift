import LoginFormGtk

/// The check every front end that asks for a secret makes first.
@MainActor enum SecretMemory {
  /// Ends the process with status 2 and one line when no memory can be
  /// locked: a password must never sit in ordinary memory.
  static func require() {
    guard LockedBuffer.isAvailable else {
      Standard.fail(
        localized("Cannot lock memory for the password: raise the locked-memory limit (ulimit -l)"),
        status: .usage)
    }
  }
}
