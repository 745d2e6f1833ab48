import LoginFormLockedMemory
import LoginFormModel

/// A protocol's output (Assuan, to the agent), collected in locked memory
/// (it carries the PIN) and written to its descriptor (standard output)
/// when full and after each exchange.
package struct ProtocolOutput: ByteSink {
  package let buffer: LockedBytes
  /// Where it goes: the agent reads our standard output.
  package let descriptor: Int32

  package init(buffer: LockedBytes, descriptor: Int32 = 1) {
    self.buffer = buffer
    self.descriptor = descriptor
  }

  package mutating func append(_ byte: UInt8) {
    if buffer.isFull { Self.flush(buffer, to: descriptor) }
    buffer.append(byte)
  }

  /// Writes what is collected and wipes it. A write error means the agent
  /// is gone (EPIPE after BYE, say): the next read sees the end of input.
  package static func flush(_ buffer: LockedBytes, to descriptor: Int32 = 1) {
    _ = buffer.withUTF8 { DescriptorOutput.write($0, to: descriptor) }
    buffer.removeAll()
  }
}
