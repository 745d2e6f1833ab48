/// What the quick program (`pinentry-login-form`, which has no GTK) hands
/// login-form when a request has to be shown: every answer the password
/// manager gave, and, from gpg-agent's pinentry, every byte the agent has
/// sent so far. login-form feeds both through the same plan or session
/// again, writing nothing until it reaches the request that needs it, and
/// so goes on from exactly where the quick program stopped, in the same
/// process (it is an exec). (git's request goes over as standard input.)
///
/// Nothing in it is secret: the agent's lines so far carry no passphrase
/// (only a window's inquiries would), and an item found is its length.
package struct HandOff: Equatable, Sendable {
  /// The environment variable that names the descriptor the record is
  /// read from; login-form removes it once read.
  package static let environmentVariable = "LOGIN_FORM_HAND_OFF"

  /// The password manager's answers, in order.
  package var storeEvents: [PasswordStoreEvent]
  /// The agent's bytes, as read; none from git's helper.
  package var transcript: [UInt8]

  package init(storeEvents: [PasswordStoreEvent], transcript: [UInt8]) {
    self.storeEvents = storeEvents
    self.transcript = transcript
  }

  private static let header = "login-form hand-off 1"

  /// The record as bytes: a header line, one line per answer, an empty
  /// line, then the transcript.
  package func encoded() -> [UInt8] {
    var lines = [Self.header] + storeEvents.map(\.line)
    lines.append("")
    return Array((lines.joined(separator: "\n") + "\n").utf8) + transcript
  }

  /// The record `bytes` hold.
  package init(decoding bytes: [UInt8]) throws(HandOffError) {
    var rest = bytes[...]
    func nextLine() throws(HandOffError) -> Substring {
      guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { throw .truncated }
      defer { rest = rest[(end + 1)...] }
      guard let line = String(validating: rest[..<end], as: UTF8.self) else {
        throw .malformed
      }
      return Substring(line)
    }
    guard try nextLine() == Self.header else { throw .unknownVersion }
    var events: [PasswordStoreEvent] = []
    while case let line = try nextLine(), !line.isEmpty {
      guard let event = PasswordStoreEvent(line: line) else { throw .malformed }
      events.append(event)
    }
    self.init(storeEvents: events, transcript: Array(rest))
  }
}

/// Why a hand-off record could not be read.
package enum HandOffError: Error, Equatable, Sendable {
  /// It ends before its answers do.
  case truncated
  /// It comes from another version of login-form.
  case unknownVersion
  /// An answer is not one this version writes.
  case malformed
}
