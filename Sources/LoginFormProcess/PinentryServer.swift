import CProcess
import LoginFormFrontEnd
import LoginFormGtk
import LoginFormKeyring
import LoginFormMainLoop
import LoginFormPinentry
import LoginFormPrompt
import LoginFormProtocols
import LoginFormStreams

/// login-form's side of a pinentry conversation: reads the agent with a
/// GLib source (the main loop never blocks on the agent, and the windows
/// and the terminal's keys are sources of the same loop), and shows each
/// request where the core's plan says: in a window, opening the display
/// then, or without one on the terminal the agent names.
@MainActor package final class PinentryServer: PinentryShowing {
  /// Whether the client lets requests be shown in windows (see
  /// `PresenterPlan.pinentryOpensDisplay`).
  private let wantsWindows: Bool
  /// What the quick pinentry read before it handed over, if it did.
  private let handedOver: [UInt8]?
  private var conversation: PinentryConversation?

  /// A server for `session`, going on from `handOff` when the quick
  /// pinentry handed over; nil when no locked memory is left.
  package init?(
    session: PinentrySession, environment: LaunchEnvironment, keyring: Keyring, wantsWindows: Bool,
    handOff: HandOff? = nil
  ) {
    self.wantsWindows = wantsWindows
    handedOver = handOff?.transcript
    guard
      let conversation = PinentryConversation(
        session: session, keyring: keyring, environment: environment,
        processes: ProcFileSystem(), showing: self,
        exit: { Standard.exit($0) })
    else { return nil }
    self.conversation = conversation
  }

  /// Serves the agent until it says BYE or goes away.
  package func serve() -> Never {
    MainLoopSource.readable(0) { [self] in readInput() }
    _ = PromptLoop.onInterruption { [self] _ in conversation?.exitNow(status: .cancelled) }
    conversation?.start(after: handedOver)
    PromptLoop.runForever()
  }

  /// Reads what is there; false (remove the source) at the end of input.
  private func readInput() -> Bool {
    guard let conversation else { return false }
    guard conversation.read() == .ended else { return true }
    if case .none = conversation.receiveEndOfInput(outputIsRead: !lf_reader_is_gone(1)) {
      // The prompt stays for a client that still reads its answer. One
      // that closes that pipe a moment after its input has gone away
      // after all, as an agent that dies does.
      MainLoopSource.readerGone(1) { [weak conversation] in
        conversation?.receiveEndOfInput(outputIsRead: false)
      }
    }
    return false
  }

  /// Shows `prompt` with the first presenter the core's plan for a request
  /// with `options` names that can be had, shaped to what it can show.
  package func show(
    _ prompt: Prompt, options: PinentryOptions,
    ended: @escaping @MainActor (PromptResult) -> Void
  ) -> PinentryShowOutcome {
    let plan = PresenterPlan.forPinentry(options, opensWindows: wantsWindows)
    switch PresenterChoice.first(in: plan) {
    case .success(let choice):
      guard let shown = choice.presenter.show(prompt, onFinish: ended) else {
        Diagnostics.warn(FrontEndFailure.noLockedMemoryLeft(for: .password).description)
        // The agent hears why (GPG_ERR_ENOMEM), as the manual says, not a
        // cancel the user never gave.
        return .ended(.lockedMemoryUnavailable)
      }
      return .shown(shown)
    case .failure(let failure):
      Diagnostics.warn(failure.description)
      return .refused(failure.terminalProblem ?? .noneNamed)
    }
  }
}
