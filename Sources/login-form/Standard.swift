import CGtk
import LoginFormGtk

/// The standard streams, through file descriptors: C's `stdout` and `stderr`
/// are shared mutable globals that Swift 6 rightly refuses.
enum Standard {
  /// Writes all of `bytes` to `descriptor`, retrying after interruptions;
  /// returns why it failed, or nil.
  static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> String? {
    var offset = 0
    while offset < bytes.count {
      let written = CGtk.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if lf_errno() == EINTR { continue }
        return String(cString: g_strerror(lf_errno()))
      }
      offset += written
    }
    return nil
  }

  /// Writes text that holds no secret.
  static func write(_ text: String, to descriptor: Int32) -> String? {
    var text = text
    return text.withUTF8 { write($0, to: descriptor) }
  }

  /// Encodes the answer for `form` into locked memory, writes it to
  /// standard output, and wipes both the answer and the form's password
  /// (exit runs no deinitialisers, so nothing is left to them). A failure to
  /// deliver ends the process with status 3.
  static func deliver(
    _ form: SubmittedForm, encode: (SubmittedForm, inout LockedBuffer.Writer) -> Void
  ) {
    let answer = LockedBuffer { encode(form, &$0) }
    form.password?.wipe()
    guard let answer else {
      fail(localized("No locked memory is left for the answer"), status: .notDelivered)
    }
    deliver(answer)
  }

  /// Writes an answer from locked memory to standard output, then wipes it;
  /// a failure to deliver ends the process with status 3.
  static func deliver(_ answer: LockedBuffer) {
    let failure = answer.withUTF8 { write($0, to: 1) }
    answer.wipe()
    if let failure {
      fail(formatted(localized("Could not write the answer: %s"), failure), status: .notDelivered)
    }
  }

  /// Prints `message` as one line on standard error and exits with `status`.
  static func fail(_ message: String, status: ExitStatus) -> Never {
    Diagnostics.warn(message)
    CGtk.exit(status.rawValue)
  }

  /// Ends the process with `status`.
  static func exit(_ status: ExitStatus) -> Never {
    CGtk.exit(status.rawValue)
  }
}
