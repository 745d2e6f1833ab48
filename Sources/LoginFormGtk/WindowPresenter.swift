import LoginFormMainLoop
import LoginFormPrompt

/// The windows as a presenter: each prompt in a window of its own, forms
/// with everything the agent's conversation can add to them.
@MainActor package struct WindowPresenter: PromptPresenter {
  package init() {}

  package var capabilities: FormCapabilities { FormCapabilities.all.union(.conversation) }

  package func presenter(
    for prompt: Prompt, onFinish: @escaping @MainActor (PromptResult) -> Void
  ) -> PresentedPrompt? {
    window(for: prompt, onFinish: onFinish)
  }

  /// The window of `prompt`: one is always built, since a form without
  /// locked memory ends itself as it is presented.
  package func window(
    for prompt: Prompt, onFinish: @escaping @MainActor (PromptResult) -> Void
  ) -> PresentedPrompt {
    switch prompt {
    case .form(let form): .form(FormWindow(description: form, onFinish: onFinish))
    case .question(let question): .other(QuestionWindow(description: question, onFinish: onFinish))
    case .notice(let notice): .other(NoticeWindow(description: notice, onFinish: onFinish))
    }
  }
}

extension FormWindow: FormSurface {}
