import LoginFormLockedMemory
import LoginFormModel

/// A protocol's output (Assuan, to the agent), collected in locked memory
/// (it carries the PIN) and written to standard output when full and after
/// each exchange.
package struct ProtocolOutput: ByteSink {
  package let buffer: LockedBytes

  package init(buffer: LockedBytes) {
    self.buffer = buffer
  }

  package mutating func append(_ byte: UInt8) {
    if buffer.isFull { Self.flush(buffer) }
    buffer.append(byte)
  }

  /// Writes what is collected and wipes it. A write error means the agent
  /// is gone (EPIPE after BYE, say): the next read sees the end of input.
  package static func flush(_ buffer: LockedBytes) {
    _ = buffer.withUTF8 { DescriptorOutput.write($0, to: 1) }
    buffer.removeAll()
  }
}
