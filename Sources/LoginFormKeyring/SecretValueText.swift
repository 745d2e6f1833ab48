import CSecret
import LoginFormModel

/// A secret libsecret read, in its own non-pageable memory: read in place,
/// and wiped and freed by libsecret when the last reference goes.
final class SecretValueText: SecretText {
  private let value: OpaquePointer

  /// Takes over the reference to `value`.
  init(_ value: OpaquePointer) {
    self.value = value
  }

  deinit {
    secret_value_unref(UnsafeMutableRawPointer(value))
  }

  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    var length: gsize = 0
    let bytes = secret_value_get(value, &length)
    return try body(
      UnsafeBufferPointer(
        start: UnsafeRawPointer(bytes)?.assumingMemoryBound(to: UInt8.self), count: Int(length)))
  }
}
