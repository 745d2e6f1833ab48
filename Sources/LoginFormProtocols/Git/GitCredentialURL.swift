/// git's reading of a `url=` line (`credential_from_url_gently` in git
/// 2.39): `scheme://[user[:password]@]host[:port][/path]`.
enum GitCredentialURL {
  /// The request that `url` describes, read in place from the caller's
  /// memory: the password part is skipped, never copied nor decoded.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) throws(GitCredentialError)
    -> GitCredentialRequest
  {
    guard let schemeEnd = bytes.firstRange(of: "://".utf8)?.lowerBound, schemeEnd > 0
    else { throw .urlWithoutScheme(line: line) }
    var request = GitCredentialRequest(scheme: String(decoding: bytes[..<schemeEnd], as: UTF8.self))
    let rest = bytes[(schemeEnd + 3)...]
    let slash = rest.firstIndex { "/?#".utf8.contains($0) } ?? rest.endIndex
    var hostStart = rest.startIndex
    if let at = rest.firstIndex(of: UInt8(ascii: "@")), at < slash {
      let colon = rest.firstIndex(of: UInt8(ascii: ":"))
      let userEnd = colon.map { min($0, at) } ?? at
      request.username = try decode(rest[..<userEnd], "username", line: line)
      hostStart = at + 1
    }
    request.host = try decode(rest[hostStart..<slash], "host", line: line)
    // git trims the slashes around the path, and keeps a query in it.
    let path = rest[slash...].drop { $0 == UInt8(ascii: "/") }
    if !path.isEmpty {
      var decoded = try decode(path, "path", line: line)
      while decoded.count > 1, decoded.hasSuffix("/") { decoded.removeLast() }
      request.path = decoded
    }
    return request
  }

  /// git's `url_decode_mem`: `%XX` decoded, any other `%` kept, `+` kept.
  private static func decode(
    _ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ component: String, line: Int
  ) throws(GitCredentialError) -> String {
    var decoded: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
        let high = Hex.value(bytes[index + 1]), let low = Hex.value(bytes[index + 2])
      {
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(bytes[index])
        index += 1
      }
    }
    if decoded.contains(where: LineByte.breaksLine) {
      throw .lineBreakInURL(line: line, component: component)
    }
    guard let text = String(validating: decoded, as: UTF8.self) else {
      throw .invalidUTF8(line: line, key: "url")
    }
    return text
  }
}
