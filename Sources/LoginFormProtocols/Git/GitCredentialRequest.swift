/// What git's `get` asks for: the `key=value` lines it writes to the
/// helper's standard input, read without ever copying a password.
package struct GitCredentialRequest: Hashable, Sendable {
  /// `protocol=`: `https`, `http`, `ssh`, `cert`, …
  package var scheme: String?
  /// `host=`, with `:port` when the URL has one.
  package var host: String?
  /// `path=`, sent when `credential.useHttpPath` is set.
  package var path: String?
  /// `username=`, known from the URL or `credential.username`: prefilled.
  package var username: String?

  /// The most bytes of input read; git sends a few hundred.
  package static let maximumInputBytes = 65_536

  /// A request with these fields, as a parse would leave them.
  package init(
    scheme: String? = nil, host: String? = nil, path: String? = nil, username: String? = nil
  ) {
    self.scheme = scheme
    self.host = host
    self.path = path
    self.username = username
  }

  /// Parses the input of `get`: git's lines up to EOF or a blank line, read
  /// from memory the caller owns and wipes. A host is required (a `cert`
  /// request names a path instead).
  ///
  /// `password=` and `oauth_refresh_token=` are skipped unread, as are keys
  /// git may add (`wwwauth[]`, `capability[]`, `password_expiry_utc`, …).
  /// `url=` replaces every field, as in git's `credential_from_url`.
  package init(parsing input: UnsafeBufferPointer<UInt8>) throws(GitCredentialError) {
    self.init()
    guard input.count <= Self.maximumInputBytes else {
      throw .inputTooLong(limit: Self.maximumInputBytes)
    }
    var start = 0
    var number = 0
    while start < input.count {
      number += 1
      let end = input[start...].firstIndex(of: LineByte.newline) ?? input.count
      let line = UnsafeBufferPointer(rebasing: input[start..<end])
      start = end + 1
      if line.isEmpty { break }
      try read(line, number: number)
    }
    guard host?.isEmpty == false || (scheme == "cert" && path?.isEmpty == false) else {
      throw .missingHost
    }
  }

  private mutating func read(
    _ line: UnsafeBufferPointer<UInt8>, number: Int
  ) throws(GitCredentialError) {
    // Scanned, not copied: the line may be the password's.
    if line.contains(LineByte.nul) { throw .nulByte(line: number) }
    if line.contains(LineByte.carriageReturn) { throw .carriageReturn(line: number) }
    guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else {
      throw .missingEquals(line: number)
    }
    guard equals > 0 else { throw .emptyKey(line: number) }
    guard let key = String(validating: line[..<equals], as: UTF8.self) else {
      throw .invalidUTF8(line: number, key: nil)
    }
    guard ["protocol", "host", "path", "username", "url"].contains(key) else { return }
    let bytes = UnsafeBufferPointer(rebasing: line[(equals + 1)...])
    // A URL may carry a password (user:password@host): it is parsed in
    // place, and only its other parts become text.
    if key == "url" {
      self = try GitCredentialURL.parse(bytes, line: number)
      return
    }
    guard let value = String(validating: bytes, as: UTF8.self) else {
      throw .invalidUTF8(line: number, key: key)
    }
    switch key {
    case "protocol": scheme = value
    case "host": host = value
    case "path": path = value
    default: username = value
    }
  }

  /// What the window shows for this request.
  package var prompt: GitCredentialPrompt {
    // As git's credential_describe, without the username (it is prefilled).
    var url = scheme.map { "\($0)://" } ?? ""
    url += host ?? ""
    // A cert request's path is absolute: one slash is enough.
    if let path, !path.isEmpty { url += path.hasPrefix("/") ? path : "/\(path)" }
    return GitCredentialPrompt(url: url, username: username.flatMap { $0.isEmpty ? nil : $0 })
  }
}
