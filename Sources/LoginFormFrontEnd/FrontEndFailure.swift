import LoginFormPrompt
import LoginFormProtocols

/// Why the process ends without an answer, before or after a prompt: each
/// case is one line on standard error and an exit status.
package enum FrontEndFailure: Error, Equatable, CustomStringConvertible {
  /// The command line could not be used.
  case options(OptionsError)
  /// Neither a window nor the terminal could show the prompt: `display`
  /// names what was tried (nil when the terminal was asked for), `terminal`
  /// why the terminal could not be used.
  case noPresenter(display: String?, terminal: TerminalProblem?)
  /// No memory can be locked at all, so a password would have nowhere safe
  /// to go.
  case cannotLockMemory
  /// The locked pool ran out for this purpose.
  case noLockedMemoryLeft(for: LockedUse)
  /// Standard output was closed when the program started.
  case outputClosed
  /// Writing the answer failed; the payload is the system's reason.
  case writeFailed(String)
  /// Reading the input failed; the payload is the system's reason.
  case readFailed(String)
  /// The input is longer than any real request.
  case inputTooLong
  /// The answer would hold a line break the caller cuts at: nothing was
  /// written rather than a cut secret.
  case lineBreakInAnswer
  /// git named no action.
  case missingGitAction
  /// git's action or request could not be used.
  case git(GitCredentialError)
  /// What the quick pinentry handed over could not be read.
  case handOff(HandOffError)
  /// Another process could read this one's memory: nothing is asked.
  case memoryExposed(MemoryExposure)
  /// The systemd agent could watch none of the directories askers use.
  case systemdAgentHasNoDirectory
  /// polkitd did not take the agent (no polkitd, another agent, no login
  /// session); the payload is polkit's reason, and whether the agent asked
  /// for the login session rather than a process.
  case polkitAgentNotRegistered(String, forSession: Bool)

  /// What locked memory was needed for.
  package enum LockedUse: Equatable, Sendable {
    case answer, input, password, protocolStream
  }

  /// Why no terminal could be used, when no presenter could be had.
  package var terminalProblem: TerminalProblem? {
    guard case .noPresenter(_, let problem) = self else { return nil }
    return problem
  }

  /// The line for standard error, without the program name.
  package var description: String {
    switch self {
    case .options(let error): error.description
    case .noPresenter(let display?, let terminal?):
      // TRANSLATORS: "Cannot open display: …" and why the terminal could
      // not be used either.
      formatted(localized("%s, and %s"), display, terminal.description)
    case .noPresenter(let display?, nil): display
    case .noPresenter(nil, let terminal):
      formatted(
        // TRANSLATORS: %s says why (the terminal is not one, turned off, …).
        localized("Cannot ask on a terminal: %s"),
        (terminal ?? .noControllingTerminal).description)
    case .cannotLockMemory:
      localized("Cannot lock memory for the password: raise the locked-memory limit (ulimit -l)")
    case .noLockedMemoryLeft(.answer): localized("No locked memory is left for the answer")
    case .noLockedMemoryLeft(.input): localized("No locked memory is left for the input")
    case .noLockedMemoryLeft(.password): localized("No locked memory is left for the password")
    case .noLockedMemoryLeft(.protocolStream):
      localized("No locked memory is left for the protocol")
    case .outputClosed: localized("Standard output is closed")
    // TRANSLATORS: %s is the system's reason (strerror).
    case .writeFailed(let reason): formatted(localized("Could not write the answer: %s"), reason)
    // TRANSLATORS: %s is the system's reason (strerror).
    case .readFailed(let reason): formatted(localized("Cannot read the input: %s"), reason)
    case .inputTooLong: localized("The input is too long")
    case .lineBreakInAnswer:
      localized("The answer holds a line break, which the caller would cut; nothing was written")
    case .missingGitAction: localized("Which action? Expected get, store or erase")
    case .git(let error): error.description
    case .handOff(.unknownVersion):
      localized("pinentry-login-form and login-form are of different versions; reinstall them")
    case .handOff:
      localized("What pinentry-login-form handed over cannot be read")
    case .memoryExposed(.traced(let tracer)):
      formatted(
        // TRANSLATORS: %d is the id of the process (a debugger, say) that
        // traces login-form.
        localized("Not asking: process %d is tracing this one and could read what is typed"),
        tracer)
    case .systemdAgentHasNoDirectory:
      localized("Cannot watch /run/systemd/ask-password: no password query could be seen")
    case .polkitAgentNotRegistered(let reason, let forSession):
      forSession
        ? formatted(
          // TRANSLATORS: %s is polkit's reason. --process=PID is an option: never translated.
          localized(
            "Cannot register as polkit's authentication agent: %s (outside a login session, name a process with --process=PID)"
          ), reason)
        : formatted(
          // TRANSLATORS: %s is polkit's reason.
          localized("Cannot register as polkit's authentication agent: %s"), reason)
    case .memoryExposed(.dumpable):
      localized(
        "Not asking: something made this process readable by other programs while it started")
    }
  }

  /// The exit status: 2 for what the caller got wrong or a machine that
  /// cannot host the prompt, 3 when an answer could not be delivered, 7
  /// when the process's memory is open to others.
  package var status: ExitStatus {
    switch self {
    case .options, .noPresenter, .cannotLockMemory, .readFailed, .inputTooLong,
      .missingGitAction,
      .git, .handOff, .systemdAgentHasNoDirectory, .polkitAgentNotRegistered:
      .usage
    case .noLockedMemoryLeft, .outputClosed, .writeFailed, .lineBreakInAnswer: .notDelivered
    case .memoryExposed: .memoryExposed
    }
  }
}
