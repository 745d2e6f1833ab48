/// One question of systemd's password agent protocol: an `ask.*` file that
/// systemd-ask-password, systemd-cryptsetup and the like write into
/// `/run/systemd/ask-password` (or the user's runtime directory) for an
/// agent to answer on `socket`.
package struct AskPasswordQuery: Equatable, Sendable {
  /// `PID=`: the asker; a query whose asker is gone is not asked.
  package var processID: Int?
  /// `Socket=`: the datagram socket the answer goes to.
  package var socket: String
  /// `AcceptCached=`: the asker takes a password cached earlier.
  package var acceptsCached = false
  /// `Echo=`: what is typed may be shown.
  package var echoes = false
  /// `Silent=`: nothing of what is typed may be shown, not even bullets.
  package var isSilent = false
  /// `NotAfter=`: when the asker gives up, in microseconds of
  /// CLOCK_MONOTONIC; nil for never (0).
  package var notAfter: UInt64?
  /// `Message=`: the question, in the asker's words.
  package var message: String?
  /// `Icon=`: an icon name.
  package var icon: String?
  /// `Id=`: what is asked for, as `cryptsetup:/dev/sda5`.
  package var id: String?

  package init(socket: String) {
    self.socket = socket
  }

  /// The largest file read: systemd's are a few hundred bytes.
  package static let maximumBytes = 64 * 1024

  /// The query in `bytes`, read as systemd's own agents read it: the
  /// `[Ask]` section's keys, anything else ignored, values C-unescaped (as
  /// systemd escapes `Message`, `Icon` and `Id` when it writes them).
  package init(parsing bytes: [UInt8]) throws(AskPasswordQueryError) {
    guard bytes.count <= Self.maximumBytes else { throw .tooLarge }
    guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
      throw .notText
    }
    var values: [String: String] = [:]
    var section: Substring?
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let line = String(rawLine).trimmingWhitespace
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("["), line.hasSuffix("]") {
        section = line.dropFirst().dropLast()
        continue
      }
      guard section == "Ask", let equals = line.firstIndex(of: "=") else { continue }
      let key = String(String(line[..<equals]).trimmingWhitespace)
      values[key] = String(String(line[line.index(after: equals)...]).trimmingWhitespace)
    }
    guard let socket = values["Socket"], socket.hasPrefix("/") else { throw .noSocket }
    self.init(socket: socket)
    if let pid = values["PID"] {
      guard let value = Int(pid), value > 0 else { throw .invalid("PID") }
      processID = value
    }
    acceptsCached = try Self.boolean(values["AcceptCached"], key: "AcceptCached")
    echoes = try Self.boolean(values["Echo"], key: "Echo")
    isSilent = try Self.boolean(values["Silent"], key: "Silent")
    if let notAfter = values["NotAfter"] {
      guard let value = UInt64(notAfter) else { throw .invalid("NotAfter") }
      self.notAfter = value == 0 ? nil : value
    }
    for (key, path) in [
      ("Message", \AskPasswordQuery.message), ("Icon", \.icon), ("Id", \.id),
    ] {
      guard let value = values[key] else { continue }
      guard let unescaped = CEscapes.unescape(value) else { throw .invalid(key) }
      self[keyPath: path] = unescaped
    }
  }

  /// systemd's parse_boolean; an absent key is false.
  private static func boolean(_ value: String?, key: String) throws(AskPasswordQueryError) -> Bool {
    guard let value else { return false }
    switch value.lowercased() {
    case "1", "yes", "y", "true", "t", "on": return true
    case "0", "no", "n", "false", "f", "off": return false
    default: throw .invalid(key)
    }
  }
}
