import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// The pinentry mode: `pinentry-login-form` (or `login-form --pinentry`), as
/// gpg-agent starts it, speaking Assuan on standard input and output. One
/// process serves every request of one agent connection (retries
/// included); there is no window between requests.
package enum PinentryFrontEnd {
  /// A session for this process: `processID`, `userID` and `groupID` are
  /// its own, `launch` what its command line said.
  package static func session(
    processID: Int, userID: Int, groupID: Int, launch: PinentryLaunch
  ) -> PinentrySession {
    let host = PinentryHost(
      processID: processID, userID: userID, groupID: groupID, flavor: "login-form",
      version: Version.current, defaultTimeoutSeconds: launch.timeoutSeconds)
    return PinentrySession(host: host, options: launch.options)
  }

  /// Tells the agent how the window of the open request ended, and returns
  /// what the session says to do next. A PIN the user chose to save goes
  /// into `keyring` once the agent has it, as pinentry does.
  package static func report(
    _ result: PromptResult, to session: inout PinentrySession, into sink: inout some ByteSink,
    keyring: Keyring = .none
  ) -> PinentryEvent {
    switch result {
    case .submitted(let form):
      guard let pin = form.password else { return session.dismiss(.cancelled, into: &sink) }
      let request = session.openRequest
      let outcome = pin.withUTF8 { bytes in
        Result { () throws(PinentrySubmitError) in
          try session.submit(pin: bytes, repeated: form.passwordWasRepeated, into: &sink)
        }
      }
      switch outcome {
      case .success(let event):
        if form.remembers, let request {
          PinentryPasswordCache.save(pin, for: request, in: keyring)
        }
        return event
      case .failure:
        // The form holds to the agent's limit, so this cannot happen; if it
        // did, the agent hears a cancel rather than nothing.
        return session.dismiss(.cancelled, into: &sink)
      }
    case .answered(true), .verified: return session.confirm(into: &sink)
    case .answeredOther: return session.dismiss(.notConfirmed, into: &sink)
    case .closed: return session.dismiss(.closed, into: &sink)
    case .timedOut: return session.dismiss(.timedOut, into: &sink)
    case .lockedMemoryUnavailable: return session.dismiss(.noMemory, into: &sink)
    case .answered(false), .cancelled, .keyboardUnavailable, .interrupted:
      return session.dismiss(.cancelled, into: &sink)
    }
  }

  /// Tells the agent that the open request could not be shown at all: no
  /// display, and `problem` with the terminal. The agent reports the
  /// system error, as it does for pinentry's own terminal front end
  /// ("Inappropriate ioctl for device" when it named no terminal: the
  /// answer every search for it gives is `export GPG_TTY=$(tty)`).
  package static func report(
    _ problem: TerminalProblem, to session: inout PinentrySession, into sink: inout some ByteSink
  ) -> PinentryEvent {
    session.dismiss(.unusableTerminal(errorNumber: problem.errorNumber), into: &sink)
  }
}
