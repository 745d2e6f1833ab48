import LoginFormProtocols

/// One answer the password manager gave the quick pinentry, written down
/// so that login-form, taking over the conversation, replays it rather
/// than asking again, which could answer differently (a `CLEARPASSPHRASE`
/// has deleted the item since). Holds no secret: an item found is its
/// length.
package enum PasswordStoreEvent: Equatable, Sendable {
  /// `open()` said this.
  case opened(KeyringAvailability)
  /// `canSave()` said this.
  case couldSave(Bool)
  /// `lookup(_:)` found an item whose secret has this many bytes, none
  /// (nil), or failed.
  case lookedUp(Result<Int?, KeyringFailure>)
  /// `save(_:secret:)` worked (nil) or failed.
  case saved(KeyringFailure?)
  /// `clear(_:)` removed an item, found none, or failed.
  case cleared(Result<Bool, KeyringFailure>)

  /// The event as one line of text, without its LF.
  var line: String {
    switch self {
    case .opened(.available): "open available"
    case .opened(.absent): "open absent"
    case .opened(.refused(let failure)): "open refused " + Self.text(failure)
    case .couldSave(let savable): savable ? "can-save yes" : "can-save no"
    case .lookedUp(.success(let count?)): "lookup found \(count)"
    case .lookedUp(.success(nil)): "lookup none"
    case .lookedUp(.failure(let failure)): "lookup failed " + Self.text(failure)
    case .saved(nil): "save done"
    case .saved(let failure?): "save failed " + Self.text(failure)
    case .cleared(.success(let removed)): removed ? "clear removed" : "clear none"
    case .cleared(.failure(let failure)): "clear failed " + Self.text(failure)
    }
  }

  /// The event `line` says; nil when it says none.
  init?(line: Substring) {
    let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard words.count >= 2 else { return nil }
    let rest = words.count == 3 ? words[2] : nil
    switch (words[0], words[1], rest) {
    case ("open", "available", nil): self = .opened(.available)
    case ("open", "absent", nil): self = .opened(.absent)
    case ("open", "refused", let failure?):
      guard let failure = Self.failure(failure) else { return nil }
      self = .opened(.refused(failure))
    case ("can-save", "yes", nil): self = .couldSave(true)
    case ("can-save", "no", nil): self = .couldSave(false)
    case ("lookup", "found", let count?):
      guard let count = Int(count), (0...Self.maximumSecretBytes).contains(count) else {
        return nil
      }
      self = .lookedUp(.success(count))
    case ("lookup", "none", nil): self = .lookedUp(.success(nil))
    case ("lookup", "failed", let failure?):
      guard let failure = Self.failure(failure) else { return nil }
      self = .lookedUp(.failure(failure))
    case ("save", "done", nil): self = .saved(nil)
    case ("save", "failed", let failure?):
      guard let failure = Self.failure(failure) else { return nil }
      self = .saved(failure)
    case ("clear", "removed", nil): self = .cleared(.success(true))
    case ("clear", "none", nil): self = .cleared(.success(false))
    case ("clear", "failed", let failure?):
      guard let failure = Self.failure(failure) else { return nil }
      self = .cleared(.failure(failure))
    default: return nil
    }
  }

  /// The longest secret a replayed lookup stands in for: anything longer
  /// is refused as too long for the agent just the same.
  static let maximumSecretBytes = 1 << 16

  private static func text(_ failure: KeyringFailure) -> String {
    switch failure {
    case .foreignOwner(let userID): "foreign-owner \(userID)"
    case .noAnswer(let seconds): "no-answer \(seconds)"
    case .failed(let message): "error " + escaped(message.line)
    case .unusableSecret(.contentType(let type)): "unusable content-type " + escaped(type.line)
    case .unusableSecret(.nulByte): "unusable nul"
    case .unusableSecret(.notUTF8): "unusable not-utf8"
    case .tooLittleLockedMemory(let limit, let needed): "locked-memory \(limit)/\(needed)"
    case .plainSession: "plain-session -"
    }
  }

  /// `message` with `%`, CR and LF percent-escaped, as in Assuan's data
  /// lines: the service's message may hold any character, and the record
  /// is lines.
  private static func escaped(_ message: String) -> String {
    var escaped = ArrayByteSink()
    AssuanCoding.appendData(message.utf8, into: &escaped)
    return String(decoding: escaped.bytes, as: UTF8.self)
  }

  private static func failure(_ text: Substring) -> KeyringFailure? {
    let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    guard words.count == 2 else { return nil }
    switch words[0] {
    case "foreign-owner": return Int(words[1]).map { .foreignOwner(userID: $0) }
    case "no-answer": return Int(words[1]).map { .noAnswer(seconds: $0) }
    case "error": return decoded(words[1]).map { .failed(ServiceMessage($0)) }
    case "unusable": return unusable(words[1]).map { .unusableSecret($0) }
    case "locked-memory":
      let numbers = words[1].split(separator: "/").compactMap { Int($0) }
      guard numbers.count == 2 else { return nil }
      return .tooLittleLockedMemory(limit: numbers[0], needed: numbers[1])
    case "plain-session": return words[1] == "-" ? .plainSession : nil
    default: return nil
    }
  }

  private static func unusable(_ text: Substring) -> UnusableSecret? {
    switch text {
    case "nul": return .nulByte
    case "not-utf8": return .notUTF8
    default:
      guard text.hasPrefix("content-type ") else { return nil }
      return decoded(text.dropFirst("content-type ".count)).map { .contentType(ServiceMessage($0)) }
    }
  }

  /// The text `escaped` wrote.
  private static func decoded(_ text: Substring) -> String? {
    var message = ArrayByteSink()
    guard Array(text.utf8).withUnsafeBufferPointer({ AssuanCoding.decode($0, into: &message) })
    else { return nil }
    return String(validating: message.bytes, as: UTF8.self)
  }
}
