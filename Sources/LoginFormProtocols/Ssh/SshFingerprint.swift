import LoginFormModel

/// A key fingerprint as ssh prints it (`SHA256:7Tc3gPdr…`, or `MD5:a1:b2:…`
/// with `FingerprintHash md5`), and how text someone pasted compares with
/// it.
///
/// ssh's host-key question accepts the fingerprint itself as "yes"
/// (sshconnect.c, `confirm()`: the answer is compared with `strcmp`), so
/// the exact text matters: `text` is what to print.
package struct SshFingerprint: Hashable, Sendable {
  /// The hash's name as ssh writes it: `SHA256`, `MD5`.
  package let algorithm: String
  /// The hash: unpadded base64 for SHA256, colon-separated hex for MD5.
  package let value: String

  /// The fingerprint as ssh prints and compares it.
  package var text: String { algorithm + ":" + value }

  /// Reads `ALGORITHM:VALUE` with neither part empty and nothing but
  /// printable ASCII (no white space); nil for anything else.
  package init?(_ text: some StringProtocol) {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let algorithm = text[..<colon]
    let value = text[text.index(after: colon)...]
    guard !algorithm.isEmpty, !value.isEmpty, algorithm.allSatisfy(\.isLetterOrDigitASCII),
      value.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
    else { return nil }
    self.algorithm = String(algorithm)
    self.value = String(value)
  }

  /// How far what someone typed or pasted agrees with this fingerprint.
  package enum Comparison: Hashable, Sendable {
    /// Nothing but white space.
    case empty
    /// The start of it: typing may not be done.
    case start
    /// The same fingerprint.
    case same
    /// Another fingerprint, or not one at all.
    case different
  }

  /// Compares `typed`, as pasted from wherever the user keeps the expected
  /// fingerprint: surrounding white space does not count, the `SHA256:`
  /// prefix may be there or not (in any case), base64 padding (`=`) is
  /// ignored, and MD5's hex digits may be in either case. Base64 is
  /// compared exactly: its case is part of the value.
  package func compare(_ typed: String) -> Comparison {
    var candidate = typed.trimmingWhitespace
    guard !candidate.isEmpty else { return .empty }
    let prefix = algorithm + ":"
    if candidate.count < prefix.count, prefix.lowercased().hasPrefix(candidate.lowercased()) {
      return .start
    }
    if candidate.prefix(prefix.count).lowercased() == prefix.lowercased() {
      candidate = candidate.dropFirst(prefix.count)
    }
    let isHex = algorithm.uppercased() == "MD5"
    let wanted = isHex ? value.lowercased() : value
    var given = isHex ? candidate.lowercased() : String(candidate)
    while given.last == "=" { given.removeLast() }
    if given == wanted { return .same }
    if !given.isEmpty, wanted.hasPrefix(given), candidate.last != "=" { return .start }
    return .different
  }
}

extension Character {
  fileprivate var isLetterOrDigitASCII: Bool {
    isASCII && (isLetter || isNumber)
  }
}
