import LoginFormFrontEnd
import LoginFormGtk
import LoginFormMainLoop
import LoginFormPrompt
import LoginFormTerminal

/// The first presenter a plan names that can be had, tried in order: the
/// windows when the display opens, else the terminal the plan names. Every
/// mode chooses here, once per prompt.
@MainActor package enum PresenterChoice {
  /// What was chosen.
  @MainActor package enum Choice {
    /// The windows: the display is open.
    case windows
    /// The terminal, open.
    case terminal(Terminal)

    /// What shows prompts there.
    package var presenter: any PromptPresenter {
      switch self {
      case .windows: WindowPresenter()
      case .terminal(let terminal): TerminalPresenter(terminal: terminal)
      }
    }
  }

  /// The first candidate of `plan` that can be had; or what to say when
  /// none can: why the display did not open (when it was tried) and why no
  /// terminal could be used.
  package static func first(in plan: PresenterPlan) -> Result<Choice, FrontEndFailure> {
    var displayProblem: String?
    var terminalProblem: TerminalProblem?
    for candidate in plan.candidates {
      switch candidate {
      case .window:
        displayProblem = openDisplay()
        if displayProblem == nil { return .success(.windows) }
      case .terminal(let path, let locale):
        do {
          return .success(.terminal(try Terminal.open(path: path, locale: locale)))
        } catch {
          terminalProblem = error
        }
      }
    }
    return .failure(plan.failure(display: displayProblem, terminal: terminalProblem))
  }

  /// nil until the display was tried; then nil inside when it opened,
  /// else why not.
  private static var displayProblem: String??

  /// Opens the display, once; says why not. The one place GTK starts, and
  /// only once a window is about to be shown: answers that need none (a
  /// password from the keyring, git's `store`, the terminal) neither wait
  /// for GTK nor need a display.
  private static func openDisplay() -> String? {
    if let tried = displayProblem { return tried }
    var problem: String?
    do {
      try DisplayConnection.open(lostStatus: ExitStatus.displayLost.rawValue)
    } catch {
      problem = error.description
    }
    displayProblem = .some(problem)
    return problem
  }
}
