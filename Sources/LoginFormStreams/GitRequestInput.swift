import LoginFormFrontEnd
import LoginFormProtocols

/// git's request on standard input.
@MainActor package enum GitRequestInput {
  /// git's request for `action`, read from standard input into locked
  /// memory (`store` and `erase` carry the password) and received by the
  /// core. That memory is wiped, and given back to the pool, when this
  /// returns: before the password manager or a window needs locked memory,
  /// which a small limit leaves room for only once. `keep` sees the bytes
  /// as read, before anything else does. Ends the process with status 2
  /// on bad input.
  package static func receive(
    _ action: GitCredentialAction, access: some KeyringAccess,
    keep: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }
  ) -> GitCredentialRequest {
    let input = Standard.readInput(capacity: GitCredentialFrontEnd.maximumRequestBytes)
    defer { input.removeAll() }
    input.withUTF8(keep)
    let received = input.withUTF8 { bytes in
      Result { () throws(FrontEndFailure) in
        try GitCredentialPlan.receive(action, input: bytes, access: access)
      }
    }
    switch received {
    case .success(let request):
      return request
    case .failure(let failure):
      input.removeAll()
      Standard.fail(failure)
    }
  }
}
