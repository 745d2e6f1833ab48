/// Where the bytes of typed characters go, one at a time, as they arrive:
/// a field's locked buffer. A character's bytes are held as pending until
/// they make a whole character, so that no byte of a secret ever sits
/// anywhere else.
package protocol TypedText: AnyObject {
  /// Holds `byte` as part of the character being typed; false when the
  /// field has no room for it.
  func appendPending(_ byte: UInt8) -> Bool
  /// Takes the pending bytes into the text if they make a whole character
  /// (`.complete`), keeps them if more must follow (`.incomplete`), and
  /// wipes them if they make none (`.invalid`).
  func completePending() -> PendingCharacter
  /// Wipes the pending bytes.
  func dropPending()
}

/// What the pending bytes of a field make.
package enum PendingCharacter: Equatable, Sendable {
  case complete, incomplete, invalid
}
