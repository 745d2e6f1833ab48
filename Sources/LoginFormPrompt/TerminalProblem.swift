import Glibc

/// Why a prompt cannot be shown on a terminal. Each case reads as one line.
package enum TerminalProblem: Error, Equatable, CustomStringConvertible {
  /// gpg-agent named no terminal: the client had no `GPG_TTY`.
  case noneNamed
  /// The process has no controlling terminal (`/dev/tty`) to ask on.
  case noControllingTerminal
  /// The caller turned terminal prompts off; the payload is the setting
  /// (`GIT_TERMINAL_PROMPT=0`).
  case turnedOff(String)
  /// The path names something that is not a terminal.
  case notATerminal(String)
  /// The terminal at the path could not be opened or set up; `errno` says
  /// why.
  case unusable(String, errno: Int32)
  /// The mode asks in windows only: polkit's agent, whose terminal
  /// counterpart is polkit's own pkttyagent.
  case windowsOnly

  /// The line for standard error, without the program name.
  package var description: String {
    switch self {
    case .noneNamed:
      localized("no terminal was named (set GPG_TTY to the output of tty)")
    case .noControllingTerminal:
      localized("the process has no controlling terminal")
    case .turnedOff(let setting):
      // TRANSLATORS: %s is the setting, as GIT_TERMINAL_PROMPT=0: never translated.
      formatted(localized("terminal prompts are turned off (%s)"), setting)
    case .notATerminal(let path):
      // TRANSLATORS: %s is a path, such as /dev/pts/3.
      formatted(localized("%s is not a terminal"), path)
    case .unusable(let path, let code):
      // TRANSLATORS: a path, then the system's reason.
      formatted(localized("cannot use the terminal %s: %s"), path, String(cString: strerror(code)))
    case .windowsOnly:
      localized("polkit's agent asks in a window only (pkttyagent asks on a terminal)")
    }
  }

  /// The system error that says it to a program that speaks in error
  /// numbers (gpg-agent): ENOTTY unless the system said otherwise, as
  /// pinentry's own terminal front end answers.
  package var errorNumber: Int32 {
    if case .unusable(_, let code) = self { return code }
    return ENOTTY
  }
}
