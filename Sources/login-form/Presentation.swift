import CGtk
import LoginFormFrontEnd
import LoginFormGtk
import LoginFormPrompt
import LoginFormTerminal

// Showing a prompt where the core's plan says: a window when the display
// opens, else the terminal; one line and status 2 when neither can be had.

/// The display, opened at most once.
@MainActor enum Display {
  /// nil until the display was tried; then nil inside when it opened,
  /// else why not.
  static var problem: String??
}

/// Opens the display, once; says why not. The one place GTK starts, and
/// only once a window is about to be shown: answers that need none (a
/// password from the keyring, git's `store`, the terminal) neither wait
/// for GTK nor need a display.
@MainActor func openDisplay() -> String? {
  if let tried = Display.problem { return tried }
  var problem: String?
  do {
    try DisplayConnection.open(lostStatus: ExitStatus.displayLost.rawValue)
  } catch {
    problem = error.description
  }
  Display.problem = .some(problem)
  return problem
}

/// Shows `prompt` with the first presenter of `plan` that can be had, and
/// returns how it ended; ends the process with status 2 and one line when
/// none can. `onWindow` or `onTerminal` runs once the presenter is chosen.
@MainActor func show(
  _ prompt: Prompt, plan: PresenterPlan, onWindow: () -> Void = {}, onTerminal: () -> Void = {}
) -> PromptResult {
  var displayProblem: String?
  var terminalProblem: TerminalProblem?
  for candidate in plan.candidates {
    switch candidate {
    case .window:
      displayProblem = openDisplay()
      guard displayProblem == nil else { continue }
      onWindow()
      return PromptRunner.run(prompt)
    case .terminal(let path, let locale):
      let terminal: Terminal
      do {
        terminal = try Terminal.open(path: path, locale: locale)
      } catch {
        terminalProblem = error
        continue
      }
      onTerminal()
      return PromptRunner.run { end in
        guard let surface = TerminalPresenter.surface(for: prompt, on: terminal, onFinish: end)
        else { Standard.fail(.noLockedMemoryLeft(for: .password)) }
        return surface
      }
    }
  }
  Standard.fail(plan.failure(display: displayProblem, terminal: terminalProblem))
}
