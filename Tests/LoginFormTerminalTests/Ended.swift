import LoginFormMainLoop
import LoginFormPrompt
import LoginFormTestSupport

/// Where a prompt under test reports how it ended; it keeps the prompt
/// alive meanwhile, as its runner would, so the prompt's report must hold it
/// weakly.
@MainActor final class Ended {
  var result: PromptResult?
  var prompt: (any PromptSurface)?

  /// The result, comparably.
  var outcome: Outcome? { result.map(Outcome.init) }
}
