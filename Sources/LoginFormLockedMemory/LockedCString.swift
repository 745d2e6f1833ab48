/// A secret as a NUL-terminated C string in locked memory, for the GTK
/// calls that take one (putting a generated passphrase into an entry).
///
/// Invariant: `cString` is always terminated: the bytes are copied in full
/// at creation and never change.
package final class LockedCString {
  private let region: LockedRegion

  /// A locked, terminated copy of `bytes`; nil when no locked memory is
  /// left.
  package init?(copying bytes: UnsafeBufferPointer<UInt8>) {
    guard let region = LockedRegion(capacity: bytes.count + 1) else { return nil }
    for (index, byte) in bytes.enumerated() { region.bytes[index] = byte }
    region.bytes[bytes.count] = 0
    self.region = region
  }

  /// The text, valid while this lives.
  package var cString: UnsafePointer<CChar> {
    UnsafeRawPointer(region.bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
  }
}
