import CGcr
import Glibc
import LoginFormModel

/// Secret bytes written one after another into a fixed locked region: an
/// answer being encoded, a request being read, a copy of a password.
///
/// Invariant: the first `count` bytes of the region are exactly what was
/// appended (or read), in order, and the rest are zero. It never grows,
/// because growing would leave the old bytes behind in freed memory:
/// callers size it first (with `ByteCounter`).
package final class LockedBytes: SecretText, ByteSink {
  private let region: LockedRegion
  /// How many bytes it holds.
  package private(set) var count = 0

  /// Room for `capacity` bytes of locked memory; nil when the pool cannot
  /// supply them.
  package init?(capacity: Int) {
    guard let region = LockedRegion(capacity: capacity) else { return nil }
    self.region = region
    self.capacity = capacity
  }

  /// A locked copy of `bytes`; nil when no locked memory is left.
  package convenience init?(copying bytes: UnsafeBufferPointer<UInt8>) {
    self.init(capacity: bytes.count)
    for byte in bytes { append(byte) }
  }

  /// How many bytes it can hold.
  package let capacity: Int

  /// Whether another byte fits.
  package var isFull: Bool { count == capacity }

  /// Appends `byte`; the caller sized the buffer, so there is room.
  package func append(_ byte: UInt8) {
    precondition(count < capacity, "locked bytes never grow")
    region.bytes[count] = byte
    count += 1
  }

  /// How reading into the buffer ended.
  package enum ReadEnd: Equatable {
    /// The input ended and all of it is in the buffer.
    case endOfInput
    /// The buffer filled up before the input ended.
    case full
    /// A read failed; the payload is errno.
    case failed(Int32)
  }

  /// Appends what `descriptor` delivers until it ends or the buffer is
  /// full, straight into locked memory, so that input that may carry a
  /// secret (git sends the password to store and erase) never passes
  /// through ordinary memory.
  package func appendReading(from descriptor: Int32) -> ReadEnd {
    while count < capacity {
      let got = read(descriptor, region.bytes.baseAddress! + count, capacity - count)
      if got < 0 {
        if errno == EINTR { continue }
        return .failed(errno)
      }
      if got == 0 { return .endOfInput }
      count += got
    }
    return .full
  }

  /// Calls `body` with the bytes appended so far.
  package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try body(UnsafeBufferPointer(rebasing: region.bytes[..<count]))
  }

  /// Wipes what it holds and starts again from empty.
  package func removeAll() {
    region.wipe()
    count = 0
  }
}
