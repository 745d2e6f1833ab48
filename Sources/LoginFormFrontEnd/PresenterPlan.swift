import LoginFormPrompt
import LoginFormProtocols

/// Where a prompt is shown, for each mode: the window when a display can be
/// opened, else the terminal the mode knows, so that a missing display is
/// no dead end. The executable tries the candidates in order and shows the
/// prompt with the first it can have.
///
/// Standard input and output are never the terminal: they are the
/// protocol's (Assuan, the answer), whatever presents the prompt.
package struct PresenterPlan: Equatable, Sendable {
  /// What to try, in order.
  package let candidates: [Presenter]
  /// Why no terminal is among them, when none is.
  package let terminalProblem: TerminalProblem?

  /// The terminal of a process started from one (the ordinary, askpass and
  /// git modes): its controlling terminal, whatever its standard streams
  /// are.
  package static let controllingTerminal = "/dev/tty"

  package init(candidates: [Presenter], terminalProblem: TerminalProblem? = nil) {
    self.candidates = candidates
    self.terminalProblem = terminalProblem
  }

  /// The ordinary, askpass and git modes: the window, then the controlling
  /// terminal; the terminal alone when `forcesTerminal` (`--tty`). A
  /// `gitTerminalPrompt` that turns git's terminal prompts off
  /// (`GIT_TERMINAL_PROMPT=0`, for a prompt git asked for) leaves the
  /// window alone.
  package static func forProcess(forcesTerminal: Bool, gitTerminalPrompt: String? = nil)
    -> PresenterPlan
  {
    let window: [Presenter] = forcesTerminal ? [] : [.window]
    if let setting = gitTerminalPrompt, isOff(setting) {
      return PresenterPlan(
        candidates: window, terminalProblem: .turnedOff("GIT_TERMINAL_PROMPT=" + setting))
    }
    return PresenterPlan(
      candidates: window + [.terminal(path: controllingTerminal, locale: nil)])
  }

  /// An askpass call: as any process, on the terminal alone when the call
  /// said so (`onTerminal`, see `Mode.askpass`); for git's prompts, not on
  /// the terminal when git's own are turned off (`gitTerminalPrompt`).
  package static func forAskpass(
    _ request: AskpassRequest, onTerminal: Bool, gitTerminalPrompt: String?
  ) -> PresenterPlan {
    forProcess(
      forcesTerminal: onTerminal,
      gitTerminalPrompt: request.client == .git ? gitTerminalPrompt : nil)
  }

  /// One pinentry request: the window, when the client lets requests be
  /// shown in windows (`opensWindows`, see `pinentryOpensDisplay`) and the
  /// display opens; else the terminal gpg-agent named (`OPTION ttyname` or
  /// `--ttyname`; users set `GPG_TTY`) in the client's character set
  /// (`lc-ctype`).
  package static func forPinentry(_ options: PinentryOptions, opensWindows: Bool)
    -> PresenterPlan
  {
    let window: [Presenter] = opensWindows ? [.window] : []
    guard let path = options.ttyName, !path.isEmpty else {
      return PresenterPlan(candidates: window, terminalProblem: .noneNamed)
    }
    return PresenterPlan(candidates: window + [.terminal(path: path, locale: options.lcCtype)])
  }

  /// polkit's agent: a window only. PAM's conversation goes on in it (a
  /// wrong password asks again in place), which only a window presents,
  /// and an agent of the desktop session has no terminal of its own.
  package static let forPolkitAgent = PresenterPlan(
    candidates: [.window], terminalProblem: .windowsOnly)

  /// Whether a pinentry should open the display at all: not when the
  /// client asked for the terminal through `PINENTRY_USER_DATA`, which
  /// gpg-agent passes on from the client's environment. Its value is free
  /// text shared by wrapper scripts; a word `tty` or `curses` (or
  /// `USE_TTY=1`, `USE_CURSES=1`, as the popular wrappers spell it),
  /// separated by commas, semicolons or spaces, asks for the terminal.
  package static func pinentryOpensDisplay(pinentryUserData: String?) -> Bool {
    guard let value = pinentryUserData else { return true }
    let words = value.lowercased().split { $0 == "," || $0 == ";" || $0.isWhitespace }
    let terminalWords: Set<Substring> = ["tty", "curses", "use_tty=1", "use_curses=1"]
    return !words.contains { terminalWords.contains($0) }
  }

  /// What to say when no candidate could be had: `display` is why the
  /// window could not (nil when it was not tried), `terminal` why the
  /// terminal could not (or this plan's reason for having none).
  package func failure(display: String?, terminal: TerminalProblem?) -> FrontEndFailure {
    .noPresenter(display: display, terminal: terminal ?? terminalProblem)
  }

  /// git's reading of a boolean variable: off for false, no, off, 0 and an
  /// empty value.
  private static func isOff(_ setting: String) -> Bool {
    ["", "0", "false", "no", "off"].contains(setting.lowercased())
  }
}
