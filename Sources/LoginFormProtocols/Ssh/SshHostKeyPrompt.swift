/// ssh's question about a host key it has not seen, taken apart: which host,
/// which key, and what else ssh said, without the terminal's closing
/// "(yes/no/[fingerprint])?".
///
/// OpenSSH 9.2 (sshconnect.c, `check_host_key`) writes, one part a line:
/// "The authenticity of host 'HOST (ADDRESS)' can't be established." (or
/// ", … established" and "but keys of different type are already known for
/// this host."), "TYPE key fingerprint is FINGERPRINT.", the key's random
/// art with `VisualHostKey`, a DNS line with `VerifyHostKeyDNS`, what other
/// names the key is known by, then the question.
package struct SshHostKeyPrompt: Hashable, Sendable {
  /// The host as ssh names it: `example.org`, `[127.0.0.1]:2222`.
  package let host: String
  /// The address ssh connected to, when it differs from `host`.
  package let address: String?
  /// The key's type as ssh names it: `ED25519`, `ECDSA`, `RSA`.
  package let keyType: String
  /// The fingerprint ssh accepts as "yes".
  package let fingerprint: SshFingerprint
  /// The key's random art (`VisualHostKey=yes`), one string a line; empty
  /// without it.
  package let randomArt: [String]
  /// ssh's other lines, in order: keys of another type already known, the
  /// DNS check, the other names the key is known by.
  package let notes: [String]

  /// The parts of `prompt`, or nil when it is not the unknown-host-key
  /// question (ssh asks other yes/no questions without a fingerprint).
  package init?(_ prompt: String) {
    var lines = prompt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    guard let question = lines.popLast(), question.contains("(yes/no/[fingerprint])?"),
      let first = lines.first, let (host, address) = Self.host(in: first)
    else { return nil }
    var keyType: String?
    var fingerprint: SshFingerprint?
    var randomArt: [String] = []
    var notes: [String] = []
    for line in lines.dropFirst() {
      if fingerprint == nil, let (type, print) = Self.fingerprint(in: line) {
        (keyType, fingerprint) = (type, print)
      } else if fingerprint != nil, notes.isEmpty, let mark = line.first, mark == "+" || mark == "|"
      {
        randomArt.append(line)
      } else {
        notes.append(line)
      }
    }
    guard let keyType, let fingerprint else { return nil }
    self.host = host
    self.address = address
    self.keyType = keyType
    self.fingerprint = fingerprint
    self.randomArt = randomArt
    self.notes = notes
  }

  /// "The authenticity of host 'HOST (ADDRESS)' can't be established…"
  private static func host(in line: String) -> (String, String?)? {
    let opening = "The authenticity of host '"
    guard line.hasPrefix(opening), let end = line.ranges(of: "' can't be established").last
    else { return nil }
    let named = line[line.index(line.startIndex, offsetBy: opening.count)..<end.lowerBound]
    guard named.hasSuffix(")"), let open = named.ranges(of: " (").last else {
      return named.isEmpty ? nil : (String(named), nil)
    }
    let host = String(named[..<open.lowerBound])
    let address = String(named[open.upperBound..<named.index(before: named.endIndex)])
    return (host, address == host ? nil : address)
  }

  /// "TYPE key fingerprint is FINGERPRINT."
  private static func fingerprint(in line: String) -> (String, SshFingerprint)? {
    guard let middle = line.firstRange(of: " key fingerprint is "), line.hasSuffix(".") else {
      return nil
    }
    let type = line[..<middle.lowerBound]
    let print = line[middle.upperBound..<line.index(before: line.endIndex)]
    guard !type.isEmpty, !type.contains(" "), let fingerprint = SshFingerprint(print) else {
      return nil
    }
    return (String(type), fingerprint)
  }
}
