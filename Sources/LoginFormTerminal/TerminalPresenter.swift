import LoginFormMainLoop
import LoginFormPrompt

/// The terminal's presenter for any prompt, as `PromptRunner` builds a
/// window for one.
@MainActor package enum TerminalPresenter {
  /// The presenter of `prompt` on `terminal`, reporting to `onFinish`; nil
  /// when no locked memory is left for what is typed.
  package static func surface(
    for prompt: Prompt, on terminal: Terminal,
    onFinish: @escaping @MainActor (PromptResult) -> Void
  ) -> (any PromptSurface)? {
    switch prompt {
    case .form(let form): TerminalForm(description: form, terminal: terminal, onFinish: onFinish)
    case .question(let question):
      TerminalQuestion(description: question, terminal: terminal, onFinish: onFinish)
    case .notice(let notice):
      TerminalNotice(description: notice, terminal: terminal, onFinish: onFinish)
    }
  }
}
