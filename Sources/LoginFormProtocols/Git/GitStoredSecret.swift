import LoginFormModel

/// The secret of git-credential-libsecret's items: the password, then
/// `password_expiry_utc=…` and `oauth_refresh_token=…` lines when git gave
/// them (git 2.41 and later). Read and written in place.
package enum GitStoredSecret {
  /// The keys of the lines after the password that travel with it.
  static let lineKeys = ["password_expiry_utc=", "oauth_refresh_token="]

  /// Whether `secret` can be handed to git: a non-empty password, and no
  /// byte that would break git's lines (CR, NUL).
  package static func isUsable(_ secret: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = secret.first, first != LineByte.newline else { return false }
    return !secret.contains(LineByte.carriageReturn) && !secret.contains(LineByte.nul)
  }

  /// The password: the secret up to its first line break.
  package static func password(in secret: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    0..<(secret.firstIndex(of: LineByte.newline) ?? secret.count)
  }

  /// Writes what `get` prints for a stored `secret` of `username`: the
  /// username, the password and the lines that travel with it.
  package static func encodeAnswer(
    username: Substring, secret: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) {
    let passwordRange = password(in: secret)
    GitCredentialAnswer.encode(
      username: username, password: UnsafeBufferPointer(rebasing: secret[passwordRange]),
      into: &sink)
    var start = passwordRange.upperBound + 1
    while start < secret.count {
      let end = secret[start...].firstIndex(of: LineByte.newline) ?? secret.count
      let line = secret[start..<end]
      if lineKeys.contains(where: { line.starts(with: $0.utf8) }) {
        sink.append(contentsOf: line)
        sink.append(LineByte.newline)
      }
      start = end + 1
    }
  }

  /// Writes the secret to store for a `store` request's `lines` in
  /// `input`: the password, then each line that travels with it.
  package static func encode(
    _ lines: GitCredentialSecretLines, in input: UnsafeBufferPointer<UInt8>,
    into sink: inout some ByteSink
  ) {
    if let password = lines.password { sink.append(contentsOf: input[password]) }
    for (key, range) in zip(lineKeys, [lines.passwordExpiry, lines.oauthRefreshToken]) {
      guard let range else { continue }
      sink.append(LineByte.newline)
      sink.append(contentsOf: key.utf8)
      sink.append(contentsOf: input[range])
    }
  }
}
