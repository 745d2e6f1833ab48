import LoginFormPrompt

/// A prompt as its presenter shows it: a form, which the conversation goes
/// on with, or a question or notice, which it only ends.
@MainActor package enum PresentedPrompt {
  case form(any FormSurface)
  case other(any PromptSurface)

  /// What shows it, whatever it is.
  package var surface: any PromptSurface {
    switch self {
    case .form(let form): form
    case .other(let other): other
    }
  }

  /// The form, when it is one.
  package var form: (any FormSurface)? {
    guard case .form(let form) = self else { return nil }
    return form
  }
}
