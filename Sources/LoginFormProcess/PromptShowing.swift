import LoginFormFrontEnd
import LoginFormGtk
import LoginFormMainLoop
import LoginFormPrompt
import LoginFormStreams

/// A prompt of a one-shot mode (ordinary, askpass, git), shown.
@MainActor package enum PromptShowing {
  /// Shows `prompt` with the first presenter of `plan` that can be had, and
  /// returns how it ended; ends the process with status 2 and one line when
  /// none can. `onWindow` or `onTerminal` runs once the presenter is chosen.
  package static func show(
    _ prompt: Prompt, plan: PresenterPlan, onWindow: () -> Void = {}, onTerminal: () -> Void = {}
  ) -> PromptResult {
    let choice: PresenterChoice.Choice
    switch PresenterChoice.first(in: plan) {
    case .success(let chosen): choice = chosen
    case .failure(let failure): Standard.fail(failure)
    }
    if case .windows = choice { onWindow() } else { onTerminal() }
    let make = { (end: @escaping @MainActor (PromptResult) -> Void) -> any PromptSurface in
      guard let shown = choice.presenter.show(prompt, onFinish: end) else {
        Standard.fail(.noLockedMemoryLeft(for: .password))
      }
      return shown.surface
    }
    if case .windows = choice { return PromptRunner.run(make) }
    return PromptLoop.run(make)
  }
}
