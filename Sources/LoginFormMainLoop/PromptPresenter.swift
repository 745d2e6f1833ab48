import LoginFormPrompt

/// Something that can show prompts: the windows, or one terminal. It
/// declares what its forms can show, and is handed prompts shaped to that.
@MainActor package protocol PromptPresenter {
  /// What its forms can show beyond the fields.
  var capabilities: FormCapabilities { get }
  /// The presenter of `prompt` (already shaped to `capabilities`),
  /// reporting its end to `onFinish`; nil when no locked memory is left for
  /// what is typed.
  func presenter(
    for prompt: Prompt, onFinish: @escaping @MainActor (PromptResult) -> Void
  ) -> PresentedPrompt?
}

extension PromptPresenter {
  /// The presenter of `prompt` shaped to what this one can show.
  package func show(
    _ prompt: Prompt, onFinish: @escaping @MainActor (PromptResult) -> Void
  ) -> PresentedPrompt? {
    presenter(for: prompt.shaped(for: capabilities), onFinish: onFinish)
  }
}
