import LoginFormPrompt

/// A prompt still to be shown: what, where, and what its end becomes, the
/// password manager's side included (a passphrase saved, git's "Remember"
/// choice left for its `store`).
package struct PendingPrompt {
  /// What to show.
  package let prompt: Prompt
  /// Where to show it.
  package let presenters: PresenterPlan
  private let ending: (PromptResult) -> Answer

  /// `prompt` on `presenters`; `ending` does what the result asks of the
  /// password manager and returns the answer.
  package init(
    _ prompt: Prompt, on presenters: PresenterPlan, ending: @escaping (PromptResult) -> Answer
  ) {
    self.prompt = prompt
    self.presenters = presenters
    self.ending = ending
  }

  /// Acts on how the prompt ended (`result`) and returns the answer to
  /// deliver. Call it once.
  package func finish(_ result: PromptResult) -> Answer {
    ending(result)
  }
}
