import LoginFormModel

/// A passphrase the agent generated, still percent-encoded in the input
/// line that carried it, which the caller owns and wipes.
///
/// It is valid only until the line splitter or the session is next
/// called: decode it into locked memory at once, then forget it.
package struct PinentryGeneratedPIN {
  private let encoded: UnsafeBufferPointer<UInt8>

  init(encoded: UnsafeBufferPointer<UInt8>) {
    self.encoded = encoded
  }

  /// How many bytes `decode(into:)` writes, to size the buffer; nil when a
  /// `%` is not followed by two hex digits.
  package var decodedCount: Int? {
    var counter = ByteCounter()
    return AssuanCoding.decode(encoded, into: &counter) ? counter.count : nil
  }

  /// Writes the passphrase, every `%XX` decoded, into `sink`. Returns false
  /// (having written part of it) when the encoding is malformed; check
  /// `decodedCount` first to write nothing then.
  @discardableResult
  package func decode(into sink: inout some ByteSink) -> Bool {
    AssuanCoding.decode(encoded, into: &sink)
  }
}
