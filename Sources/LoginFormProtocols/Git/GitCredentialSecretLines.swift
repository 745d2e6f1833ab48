import LoginFormModel

/// Where the secret values of a `store` or `erase` request sit in the
/// caller's buffer: found in place, never copied, and valid as long as
/// that buffer is.
package struct GitCredentialSecretLines: Hashable, Sendable {
  /// `password=`'s value.
  package var password: Range<Int>?
  /// `password_expiry_utc=`'s value (git 2.41 and later).
  package var passwordExpiry: Range<Int>?
  /// `oauth_refresh_token=`'s value (git 2.41 and later).
  package var oauthRefreshToken: Range<Int>?

  /// Finds the values in `input`, lines that `GitCredentialRequest`
  /// accepted: up to EOF or a blank line, the last of each key winning, as
  /// in git.
  package init(scanning input: UnsafeBufferPointer<UInt8>) {
    var start = 0
    while start < input.count {
      let end = input[start...].firstIndex(of: LineByte.newline) ?? input.count
      defer { start = end + 1 }
      if end == start { break }
      guard let equals = input[start..<end].firstIndex(of: UInt8(ascii: "=")) else { continue }
      let value = (equals + 1)..<end
      let key = input[start..<equals]
      if key.elementsEqual("password".utf8) {
        password = value
      } else if key.elementsEqual("password_expiry_utc".utf8) {
        passwordExpiry = value
      } else if key.elementsEqual("oauth_refresh_token".utf8) {
        oauthRefreshToken = value
      }
    }
  }
}
