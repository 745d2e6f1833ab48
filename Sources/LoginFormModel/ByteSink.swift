/// Where encoders write their bytes: a fixed, locked buffer for output that
/// carries a secret, or a counter that sizes that buffer first.
///
/// Encoders write byte by byte instead of building a `String` or an array,
/// so that no growable copy of a secret is ever made.
public protocol ByteSink {
  /// Appends one byte.
  mutating func append(_ byte: UInt8)
}

extension ByteSink {
  /// Appends every byte of `bytes`, in order.
  public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
    for byte in bytes { append(byte) }
  }

  /// Appends the UTF-8 encoding of `scalar`.
  public mutating func append(_ scalar: Unicode.Scalar) {
    // Encoded on the stack: `UTF8.encode` calls back with each code unit.
    UTF8.encode(scalar) { append($0) }
  }
}

/// A sink that only counts, for sizing a buffer before encoding into it.
public struct ByteCounter: ByteSink {
  /// How many bytes were appended.
  public private(set) var count = 0

  /// Starts at zero.
  public init() {}

  /// Counts one byte.
  public mutating func append(_ byte: UInt8) {
    count += 1
  }
}
