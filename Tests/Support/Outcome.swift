import LoginFormPrompt

/// How a prompt ended, in a form tests can compare; the password becomes a
/// String here, which only a test may do.
package enum Outcome: Equatable {
  case submitted(username: String?, password: String?, repeated: Bool)
  case answered(Bool)
  case other
  case verified
  case cancelled
  case closed
  case interrupted(Int32)
  case timedOut
  case keyboardUnavailable
  case lockedMemoryUnavailable

  package init(_ result: PromptResult) {
    switch result {
    case .submitted(let form):
      self = .submitted(
        username: form.username.map(String.init),
        password: form.password?.withUTF8 { String(decoding: $0, as: UTF8.self) },
        repeated: form.passwordWasRepeated)
    case .answered(let yes): self = .answered(yes)
    case .answeredOther: self = .other
    case .verified: self = .verified
    case .cancelled: self = .cancelled
    case .closed: self = .closed
    case .interrupted(let signal): self = .interrupted(signal)
    case .timedOut: self = .timedOut
    case .keyboardUnavailable: self = .keyboardUnavailable
    case .lockedMemoryUnavailable: self = .lockedMemoryUnavailable
    }
  }

  /// A submitted username and password, not repeated.
  package static func form(_ username: String?, _ password: String?) -> Outcome {
    .submitted(username: username, password: password, repeated: false)
  }
}
