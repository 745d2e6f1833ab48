/// The Unicode scalars of a UTF-8 buffer, decoded as they are read, without
/// copying the buffer: the way the model reads a secret.
///
/// Ill-formed sequences decode as U+FFFD, as `String(decoding:as:)` would;
/// GTK never hands over ill-formed text, so this is a guard, not a feature.
public struct UTF8Scalars: Sequence {
  private let bytes: UnsafeBufferPointer<UInt8>

  /// A view of `bytes`, valid as long as they are.
  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Decodes one scalar per call.
  public struct Iterator: IteratorProtocol {
    fileprivate var bytes: UnsafeBufferPointer<UInt8>.Iterator
    fileprivate var parser = Unicode.UTF8.ForwardParser()

    /// The next scalar, or nil at the end.
    public mutating func next() -> Unicode.Scalar? {
      switch parser.parseScalar(from: &bytes) {
      case .valid(let encoded): Unicode.UTF8.decode(encoded)
      case .error: Unicode.Scalar(0xFFFD)
      case .emptyInput: nil
      }
    }
  }

  /// An iterator from the first byte.
  public func makeIterator() -> Iterator {
    Iterator(bytes: bytes.makeIterator())
  }
}
