import LoginFormModel

/// How deleting a key's passphrase from the password manager went.
package enum PinentryCacheClearing: Hashable, Sendable {
  /// An item was deleted.
  case removed
  /// There was none.
  case notFound
  /// The password manager could not be asked, or failed.
  case failed
}

extension PinentrySession {
  /// The password manager had the open `GETPIN`'s PIN: writes
  /// `S PASSWORD_FROM_CACHE`, `D <pin>` and `OK`, as pinentry does, so the
  /// agent knows to send `CLEARPASSPHRASE` should the PIN fail.
  ///
  /// Throws, writing nothing and leaving the request open for a window,
  /// when `pin` is empty or longer than the agent takes.
  package mutating func submitCached(
    pin: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) throws(PinentrySubmitError) -> PinentryEvent {
    guard let request = openRequest, request.kind == .pin else { return hasEnded ? .exit : .none }
    guard pin.count <= Self.maximumPINBytes else {
      throw .tooManyBytes(maximum: Self.maximumPINBytes, actual: pin.count)
    }
    guard !pin.isEmpty else { throw .empty }
    sink.append(contentsOf: "S PASSWORD_FROM_CACHE\n".utf8)
    return try submit(pin: pin, repeated: false, into: &sink)
  }

  /// Answers the `CLEARPASSPHRASE` that `.clearPassphrase` asked the glue to
  /// carry out, as pinentry does (`OK` when an item went, an error when
  /// there was none or the password manager failed), then the lines held
  /// behind it.
  package mutating func answerClearPassphrase(
    _ outcome: PinentryCacheClearing, into sink: inout some ByteSink
  ) -> PinentryEvent {
    switch outcome {
    case .removed: sink.append(contentsOf: "OK\n".utf8)
    case .notFound: AssuanError.invalidValue.write(into: &sink)
    case .failed: AssuanError.generalIPC.write(into: &sink)
    }
    return answerPending(into: &sink)
  }

  /// The key of a `CLEARPASSPHRASE`: its argument without surrounding
  /// blanks, as pinentry trims it.
  static func clearedKey(_ argument: UnsafeBufferPointer<UInt8>) throws(AssuanError) -> String {
    let key = try AssuanCoding.text(argument)
    var trimmed = Substring(key)
    while trimmed.last == " " { trimmed.removeLast() }
    guard !trimmed.isEmpty else { throw .invalidValue }
    return String(trimmed)
  }
}
