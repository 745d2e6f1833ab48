import CGtk
import LoginFormGtk

/// The standard streams, through file descriptors: C's `stdout` and `stderr`
/// are shared mutable globals that Swift 6 rightly refuses.
enum Standard {
  /// Writes all of `text` to `descriptor`, retrying after interruptions.
  static func write(_ text: String, to descriptor: Int32) -> (ok: Bool, reason: String) {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBytes { buffer -> (Bool, String) in
      var offset = 0
      while offset < buffer.count {
        let written = CGtk.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if lf_errno() == EINTR { continue }
          return (false, String(cString: g_strerror(lf_errno())))
        }
        offset += written
      }
      return (true, "")
    }
  }

  /// Prints `message` as one line on standard error and exits with `status`.
  static func fail(_ message: String, status: ExitStatus) -> Never {
    _ = write("login-form: \(message)\n", to: 2)
    exit(status.rawValue)
  }
}
