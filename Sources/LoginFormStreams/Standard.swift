import CGLib
import Glibc
import LoginFormFrontEnd
import LoginFormLockedMemory
import LoginFormModel
import LoginFormPrompt

/// The standard streams and the exit, through file descriptors: C's
/// `stdout` and `stderr` are shared mutable globals that Swift 6 rightly
/// refuses.
package enum Standard {
  /// Writes all of `bytes` to `descriptor`, retrying after interruptions;
  /// returns why it failed, or nil.
  package static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> String? {
    DescriptorOutput.write(bytes, to: descriptor).map { String(cString: g_strerror($0)) }
  }

  /// Writes text that holds no secret to standard output.
  package static func print(_ text: String) {
    var text = text
    _ = text.withUTF8 { write($0, to: 1) }
  }

  /// Writes `answer` to standard output through locked memory, sized first,
  /// and says how the process should end: the answer's status, or 3 when
  /// it could not be written. Returns so that the caller's references to
  /// the answer's secrets go (and their locked memory is wiped) before the
  /// process exits.
  package static func deliver(_ answer: Answer) -> ExitStatus {
    if let failure = answer.failure { return report(failure) }
    guard !answer.isEmpty else { return answer.status }
    var counter = ByteCounter()
    answer.encode(into: &counter)
    guard var bytes = LockedBytes(capacity: counter.count) else {
      return report(.noLockedMemoryLeft(for: .answer))
    }
    answer.encode(into: &bytes)
    if let reason = bytes.withUTF8({ write($0, to: 1) }) { return report(.writeFailed(reason)) }
    return answer.status
  }

  /// Reads standard input to its end into locked memory of at most
  /// `capacity` bytes; ends the process with status 2 when the input is
  /// longer or cannot be read.
  package static func readInput(capacity: Int) -> LockedBytes {
    guard let input = LockedBytes(capacity: capacity) else {
      fail(.noLockedMemoryLeft(for: .input))
    }
    switch input.appendReading(from: 0) {
    case .endOfInput:
      return input
    case .full:
      input.removeAll()
      drainInput()
      fail(.inputTooLong)
    case .failed(let code):
      input.removeAll()
      fail(.readFailed(String(cString: g_strerror(code))))
    }
  }

  /// Reads standard input to its end and forgets it, a locked chunk at a
  /// time (it may carry a password), so the writer never meets a closed
  /// pipe.
  package static func drainInput() {
    guard let scratch = LockedBytes(capacity: 4096) else { return }
    while true {
      let end = scratch.appendReading(from: 0)
      scratch.removeAll()
      if end != .full { return }
    }
  }

  /// Says `failure` as one line on standard error and returns its status.
  package static func report(_ failure: FrontEndFailure) -> ExitStatus {
    Diagnostics.warn(failure.description)
    return failure.status
  }

  /// Says `failure` as one line on standard error and exits with its status.
  package static func fail(_ failure: FrontEndFailure) -> Never {
    exit(report(failure))
  }

  /// Ends the process with `status`.
  package static func exit(_ status: ExitStatus) -> Never {
    Glibc.exit(status.rawValue)
  }
}
