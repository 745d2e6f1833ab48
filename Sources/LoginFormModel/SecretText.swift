/// Read access to a secret that lives outside the model, in memory the model
/// neither owns nor copies (a locked entry buffer, say).
///
/// A Swift `String` cannot be wiped, so the model never makes one of a
/// secret: it judges the bytes in place, during the call, and keeps only what
/// it concluded.
public protocol SecretText: AnyObject {
  /// Calls `body` with the secret's UTF-8 bytes, valid only during the call.
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
}
