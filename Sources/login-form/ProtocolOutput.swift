import LoginFormLockedMemory
import LoginFormModel

/// The protocol's output, collected in locked memory (it carries the PIN)
/// and written to standard output when full and after each exchange.
struct ProtocolOutput: ByteSink {
  let buffer: LockedBytes

  mutating func append(_ byte: UInt8) {
    if buffer.isFull { Self.flush(buffer) }
    buffer.append(byte)
  }

  /// Writes what is collected and wipes it. A write error means the agent
  /// is gone (EPIPE after BYE, say): the next read sees the end of input.
  static func flush(_ buffer: LockedBytes) {
    _ = buffer.withUTF8 { Standard.write($0, to: 1) }
    buffer.removeAll()
  }
}
