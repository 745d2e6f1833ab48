import CGtk
import LoginFormFrontEnd
import LoginFormGtk
import LoginFormPrompt
import LoginFormTerminal

// Showing a prompt where the core's plan says: a window when the display
// opens, else the terminal; one line and status 2 when neither can be had.

/// Opens the display; says why not.
@MainActor func openDisplay() -> String? {
  do {
    try DisplayConnection.open(lostStatus: ExitStatus.displayLost.rawValue)
    return nil
  } catch {
    return error.description
  }
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
