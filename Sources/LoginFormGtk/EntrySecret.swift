import CGtk
import CSecretEntry
import LoginFormLockedMemory
import LoginFormModel

/// A secret entry's text, read in place from its locked buffer: what the
/// model judges and what a submit copies out, without any other copy.
///
/// Not actor-isolated because the model that reads it is pure Swift; GTK
/// and the model only ever call it on the main thread.
final class EntrySecret: SecretText {
  /// Not retained: the buffer must go with its entry, which frees its locked
  /// memory. `invalidate()` is called before that.
  private var buffer: UnsafeMutablePointer<GtkEntryBuffer>?

  /// Reads `entry`, which must be a secret entry (`lf_secret_entry_new`).
  init(entry: UnsafeMutablePointer<GtkWidget>) {
    precondition(LF_IS_SECRET_ENTRY(entry) != 0, "only a secret entry keeps its text locked")
    buffer = gtk_entry_get_buffer(lf_entry(entry))
  }

  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    guard let buffer, gtk_entry_buffer_get_bytes(buffer) > 0,
      let text = gtk_entry_buffer_get_text(buffer)
    else {
      return try body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let bytes = Int(gtk_entry_buffer_get_bytes(buffer))
    return try text.withMemoryRebound(to: UInt8.self, capacity: bytes) {
      try body(UnsafeBufferPointer(start: $0, count: bytes))
    }
  }

  /// Whether locked memory ran out for this entry: when it was made (then
  /// nothing may be asked), or when typed text did not fit (then the text
  /// was refused).
  var isExhausted: Bool {
    buffer.map { lf_secret_buffer_is_exhausted(OpaquePointer($0)) != 0 } ?? false
  }

  /// Reads as empty from now on: the entry is about to be destroyed, and a
  /// model that outlives its window must not read freed memory.
  func invalidate() {
    buffer = nil
  }

  /// A locked copy of the text, made when the form is submitted, since the
  /// entry is cleared when its window closes. Nil if no locked memory is left.
  func lockedCopy() -> LockedBytes? {
    withUTF8 { LockedBytes(copying: $0) }
  }
}
