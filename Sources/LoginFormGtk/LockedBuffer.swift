import CGtk
import LoginFormModel

/// A fixed-size buffer in locked memory (libgcr's secure pool: never swapped
/// out, left out of core dumps), wiped before it is freed: the only place a
/// copy of a secret may live outside the entry's own buffer.
///
/// It never grows, because growing would leave the old bytes behind in
/// freed memory; callers size it first with `ByteCounter`.
public final class LockedBuffer: SecretText {
  /// How many bytes it can hold.
  public let capacity: Int
  /// How many bytes it holds.
  public private(set) var count = 0
  private let memory: UnsafeMutablePointer<UInt8>

  /// Allocates `capacity` bytes of locked memory. Returns nil when the pool
  /// cannot supply them, so that a secret is never put in ordinary memory.
  public init?(capacity: Int) {
    let size = max(capacity, 1)
    guard let raw = gcr_secure_memory_try_alloc(gsize(size)) else { return nil }
    memory = raw.bindMemory(to: UInt8.self, capacity: size)
    self.capacity = capacity
  }

  /// A locked copy of `bytes`, with a NUL after them for C callers.
  public convenience init?(copying bytes: UnsafeBufferPointer<UInt8>) {
    self.init(capacity: bytes.count + 1)
    for byte in bytes { append(byte) }
    memory[count] = 0
  }

  /// Locked memory holding exactly what `encode` writes: it runs twice, once
  /// to count and once to write.
  public convenience init?(encoding encode: (inout Writer) -> Void) {
    var counter = Writer(counting: ())
    encode(&counter)
    self.init(capacity: counter.written)
    var writer = Writer(appendingTo: self)
    encode(&writer)
  }

  /// Whether locked memory can be had at all: the locked-memory limit
  /// (`ulimit -l`) may allow none, and then a password entry would keep its
  /// text in ordinary memory without a word. Checked before any is typed.
  public static var isAvailable: Bool {
    LockedBuffer(capacity: 4096)?.isLocked ?? false
  }

  /// Whether the memory is in libgcr's locked pool; `try_alloc` never falls
  /// back to ordinary memory, so a buffer that exists always is.
  public var isLocked: Bool { gcr_secure_memory_is_secure(memory) != 0 }

  /// Calls `body` with the bytes written so far.
  public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try body(UnsafeBufferPointer(start: memory, count: count))
  }

  /// The bytes as a NUL-terminated C string, for GTK calls that take one.
  /// Only valid for a buffer made with `init(copying:)` or `terminate()`d.
  public var cString: UnsafePointer<CChar> {
    UnsafeRawPointer(memory).assumingMemoryBound(to: CChar.self)
  }

  fileprivate func append(_ byte: UInt8) {
    precondition(count < capacity, "a locked buffer never grows")
    memory[count] = byte
    count += 1
  }

  /// Puts a NUL after the bytes (not counted), for `cString`; the buffer
  /// must have a byte of room left.
  public func terminate() {
    precondition(count < capacity, "no room for the terminating NUL")
    memory[count] = 0
  }

  /// Appends `byte` if there is room; false when the buffer is full.
  public func appendIfRoom(_ byte: UInt8) -> Bool {
    guard count < capacity else { return false }
    append(byte)
    return true
  }

  /// The whole capacity, for readers that fill it themselves (the Assuan
  /// line splitter); the buffer's own count is not used then.
  public var storage: UnsafeMutableBufferPointer<UInt8> {
    UnsafeMutableBufferPointer(start: memory, count: capacity)
  }

  /// How reading into the buffer ended.
  public enum ReadEnd: Equatable {
    /// The input ended and all of it is in the buffer.
    case endOfInput
    /// The buffer filled up before the input ended.
    case full
    /// A read failed; the payload is errno.
    case failed(Int32)
  }

  /// Reads `descriptor` straight into the free space, so that input that may
  /// carry a secret (git sends the password to store and erase) never passes
  /// through ordinary memory.
  public func read(from descriptor: Int32) -> ReadEnd {
    while count < capacity {
      let got = CGtk.read(descriptor, memory + count, capacity - count)
      if got < 0 {
        if lf_errno() == EINTR { continue }
        return .failed(lf_errno())
      }
      if got == 0 { return .endOfInput }
      count += got
    }
    return .full
  }

  /// Wipes every byte now; the buffer reads as empty afterwards.
  public func wipe() {
    lf_wipe(memory, capacity)
    count = 0
  }

  deinit {
    lf_wipe(memory, max(capacity, 1))
    gcr_secure_memory_free(memory)
  }

  /// Writes into a locked buffer, or only counts.
  public struct Writer: ByteSink {
    private let buffer: LockedBuffer?
    fileprivate private(set) var written = 0

    fileprivate init(counting: Void) { buffer = nil }

    /// A writer that appends to `buffer`, which must have room for all of it.
    public init(appendingTo buffer: LockedBuffer) { self.buffer = buffer }

    /// Appends one byte (or counts it).
    public mutating func append(_ byte: UInt8) {
      buffer?.append(byte)
      written += 1
    }
  }
}
