import LoginFormMainLoop
import LoginFormPrompt

/// One terminal as a presenter, as `WindowPresenter` is for the windows:
/// a form asks its fields in turn and takes the agent's checks, rating and
/// suggestion too; a question reads a whole answer; a notice is written.
@MainActor package struct TerminalPresenter: PromptPresenter {
  private let terminal: Terminal

  /// Shows prompts on `terminal`, which each closes when it ends.
  package init(terminal: Terminal) {
    self.terminal = terminal
  }

  package var capabilities: FormCapabilities { .all }

  package func presenter(
    for prompt: Prompt, onFinish: @escaping @MainActor (PromptResult) -> Void
  ) -> PresentedPrompt? {
    switch prompt {
    case .form(let form):
      TerminalForm(description: form, terminal: terminal, onFinish: onFinish).map { .form($0) }
    case .question(let question):
      TerminalQuestion(description: question, terminal: terminal, onFinish: onFinish).map {
        .other($0)
      }
    case .notice(let notice):
      .other(TerminalNotice(description: notice, terminal: terminal, onFinish: onFinish))
    }
  }

  /// The presenter of `prompt` on `terminal`, reporting to `onFinish`; nil
  /// when no locked memory is left for what is typed.
  package static func surface(
    for prompt: Prompt, on terminal: Terminal,
    onFinish: @escaping @MainActor (PromptResult) -> Void
  ) -> (any PromptSurface)? {
    TerminalPresenter(terminal: terminal).show(prompt, onFinish: onFinish)?.surface
  }
}
