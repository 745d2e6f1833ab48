import CSecret
import LoginFormFrontEnd
import LoginFormModel

/// A secret libsecret read, in its own non-pageable memory: read in place,
/// and wiped and freed by libsecret when the last reference goes.
final class SecretValueText: SecretText {
  private let value: OpaquePointer

  /// Takes over the reference to `value`.
  init(_ value: OpaquePointer) {
    self.value = value
  }

  /// `value` as text to hand on, or why it cannot be (a content type
  /// other than text/plain, a NUL byte, invalid UTF-8); takes over the
  /// reference either way.
  static func checked(_ value: OpaquePointer) -> Result<SecretValueText, KeyringFailure> {
    let text = SecretValueText(value)
    let contentType = secret_value_get_content_type(value).map { String(cString: $0) }
    if let why = text.withUTF8({ UnusableSecret.of(contentType: contentType, bytes: $0) }) {
      return .failure(.unusableSecret(why))
    }
    return .success(text)
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
