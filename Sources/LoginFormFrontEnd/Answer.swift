import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// How the process ends once a prompt has: what it writes on standard
/// output (if anything) and its exit status, or a failure to report.
///
/// Encoding cannot fail: every answer that holds a value was checked when
/// it was made, so a value that could not be written whole became a
/// failure then, before anything was written.
package struct Answer {
  /// The exit status once the output is written.
  package let status: ExitStatus
  /// Why nothing is delivered, when that is the answer.
  package let failure: FrontEndFailure?
  private let output: Output

  private enum Output {
    case nothing
    /// Bytes that hold no secret: `yes`, `quit=1`, a confirmation's newline.
    case plain([UInt8])
    /// The ordinary mode's values in the caller's format.
    case form(username: Substring?, password: (any SecretText)?, OutputFormat)
    /// An askpass secret on a line of its own.
    case secretLine(any SecretText)
    /// git's username on a line of its own.
    case usernameLine(Substring)
    /// git credential helper lines.
    case credentials(username: Substring, password: any SecretText)
    /// git credential helper lines for a secret from the password manager.
    case storedCredentials(username: Substring, secret: any SecretText)
  }

  private init(status: ExitStatus, failure: FrontEndFailure? = nil, output: Output = .nothing) {
    self.status = status
    self.failure = failure
    self.output = output
  }

  /// Nothing on standard output, and `status`.
  package static func silent(_ status: ExitStatus) -> Answer {
    Answer(status: status)
  }

  /// What `encode` writes, which holds no secret, then `status`.
  package static func plain(status: ExitStatus, _ encode: (inout ArrayByteSink) -> Void)
    -> Answer
  {
    var bytes = ArrayByteSink()
    encode(&bytes)
    return Answer(status: status, output: .plain(bytes.bytes))
  }

  /// How a prompt that ended without an answer (`result`) ends the process:
  /// its status, and a line when no locked memory could hold the secret.
  package static func ended(_ result: PromptResult) -> Answer {
    if case .lockedMemoryUnavailable = result { return .failing(.cannotLockMemory) }
    return .silent(ExitStatus(ending: result))
  }

  /// Nothing delivered, for `failure`: one line on standard error and its
  /// status.
  package static func failing(_ failure: FrontEndFailure) -> Answer {
    Answer(status: failure.status, failure: failure)
  }

  /// The ordinary mode's output of `form` in `format`, status 0.
  package static func form(_ form: SubmittedForm, format: OutputFormat) -> Answer {
    Answer(
      status: .submitted,
      output: .form(username: form.username, password: form.password, format))
  }

  /// `secret` and a newline, status 0; a failure if it would not fit one
  /// line.
  package static func secretLine(_ secret: any SecretText) -> Answer {
    guard secret.withUTF8({ LineByte.fitsOneLine($0) }) else { return .failing(.lineBreakInAnswer) }
    return Answer(status: .submitted, output: .secretLine(secret))
  }

  /// `username` and a newline, status 0; a failure if it would not fit one
  /// line.
  package static func usernameLine(_ username: Substring) -> Answer {
    guard LineByte.fitsOneLine(username.utf8) else { return .failing(.lineBreakInAnswer) }
    return Answer(status: .submitted, output: .usernameLine(username))
  }

  /// git's `username=` and `password=` lines, status 0; a failure if a
  /// value would not fit its line.
  package static func credentials(username: Substring, password: any SecretText) -> Answer {
    guard LineByte.fitsOneLine(username.utf8), password.withUTF8({ LineByte.fitsOneLine($0) })
    else { return .failing(.lineBreakInAnswer) }
    return Answer(status: .submitted, output: .credentials(username: username, password: password))
  }

  /// git's `username=` and `password=` lines, and the lines that travel
  /// with a stored password (`password_expiry_utc=`, …), status 0; nil
  /// when the secret is none git could take.
  package static func storedCredentials(username: Substring, secret: any SecretText) -> Answer? {
    guard LineByte.fitsOneLine(username.utf8), secret.withUTF8(GitStoredSecret.isUsable) else {
      return nil
    }
    return Answer(
      status: .submitted, output: .storedCredentials(username: username, secret: secret))
  }

  /// Whether there is anything to write.
  package var isEmpty: Bool {
    if case .nothing = output { return true }
    return false
  }

  /// Writes the output, byte by byte, into `sink`: locked memory for an
  /// answer that carries a secret (run it on a `ByteCounter` first to size
  /// that memory).
  package func encode(into sink: inout some ByteSink) {
    switch output {
    case .nothing: break
    case .plain(let bytes): sink.append(contentsOf: bytes)
    case .form(let username, let password, let format):
      if let password {
        password.withUTF8 { format.encode(username: username, password: $0, into: &sink) }
      } else {
        format.encode(username: username, password: nil, into: &sink)
      }
    case .secretLine(let secret):
      secret.withUTF8 { AskpassAnswer.encode(secret: $0, into: &sink) }
    case .usernameLine(let username): AskpassAnswer.encode(username: username, into: &sink)
    case .credentials(let username, let password):
      password.withUTF8 {
        GitCredentialAnswer.encode(username: username, password: $0, into: &sink)
      }
    case .storedCredentials(let username, let secret):
      secret.withUTF8 { GitStoredSecret.encodeAnswer(username: username, secret: $0, into: &sink) }
    }
  }
}
