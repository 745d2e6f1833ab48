import CGtk
import CProcess
import LoginFormFrontEnd
import LoginFormGtk
import LoginFormLockedMemory
import LoginFormMainLoop
import LoginFormModel
import LoginFormPinentry
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTerminal

/// Runs one pinentry conversation: reads standard input with a GLib source
/// (the main loop never blocks on the agent), feeds the session, answers a
/// request from the password manager or shows it (in a window, opening the
/// display then, or without a display on the terminal the agent names,
/// whose keys are another source of the same loop) and reports its end.
@MainActor final class PinentryServer {
  private let channel: AgentChannel
  private let grabSetting: String?
  private let keyring: Keyring
  /// Whether the client lets requests be shown in windows (see
  /// `PresenterPlan.pinentryOpensDisplay`).
  private let wantsWindows: Bool
  /// The open request as its presenter (a window or the terminal) shows
  /// it; whether one is open is the session's to say.
  private var shown: PresentedPrompt?
  private var isExiting = false
  /// What the quick pinentry read from the agent before handing over, gone
  /// through again before standard input (see `PinentryHandOff`). Until the
  /// request it handed over is shown, the channel is muted: the agent has
  /// those answers already.
  private let transcript: [UInt8]

  /// A server for `session`, going on from `handOff` when the quick
  /// pinentry handed over; nil when no locked memory is left.
  init?(
    session: PinentrySession, grabSetting: String?, keyring: Keyring, wantsWindows: Bool,
    handOff: PinentryHandOff? = nil
  ) {
    guard let channel = AgentChannel(session: session) else { return nil }
    self.channel = channel
    self.grabSetting = grabSetting
    self.keyring = keyring
    self.wantsWindows = wantsWindows
    transcript = handOff?.transcript ?? []
    channel.isMuted = handOff != nil
  }

  /// Greets the agent and serves it until it says BYE or goes away.
  func serve() -> Never {
    channel.answer { $0.writeGreeting(into: &$1) }
    PromptRunner.onReadable(0) { [self] in readInput() }
    _ = PromptRunner.onInterruption { [self] _ in exitNow(status: .cancelled) }
    catchUp()
    PromptRunner.runForever()
  }

  /// Reads what is there, handles each complete line; false (remove the
  /// source) at the end of input.
  private func readInput() -> Bool {
    let space = channel.prepareForRead()
    let got = read(0, space.baseAddress, space.count)
    if got < 0, lf_errno() == EINTR || lf_errno() == EAGAIN { return true }
    guard got > 0 else {
      let event = channel.receiveEndOfInput(outputIsRead: !lf_reader_is_gone(1))
      if case .none = event {
        // The window stays for a client that still reads its answer. One
        // that closes that pipe a moment after its input has gone away
        // after all, as an agent that dies does.
        MainLoopSource.readerGone(1) { [self] in
          handle(channel.receiveEndOfInput(outputIsRead: false))
        }
      }
      handle(event)
      return false
    }
    channel.receive(count: got, handle: handle)
    return true
  }

  /// Goes through what the quick pinentry read, as if read now; the
  /// request it handed over ends the catching up.
  private func catchUp() {
    channel.receive(transcript, handle: handle)
    channel.isMuted = false
  }

  private func handle(_ event: PinentryEvent) {
    switch event {
    case .none: break
    case .show(let request): open(request)
    case .quality(let value): shown?.form?.showQuality(value)
    case .generatedPIN(let pin): fill(pin)
    case .pinChecked(let check):
      let verdict = PinentryFrontEnd.verdict(
        for: check, constraints: channel.session.openRequest?.constraints)
      shown?.form?.show(verdict)
    case .clearPassphrase(let key):
      handle(
        channel.answer {
          PinentryPasswordCache.clear(keyInfo: key, session: &$0, keyring: keyring, into: &$1)
        })
    case .exit: exitNow(status: .submitted)
    case .pinWanted(let wish, let after):
      handle(after)
      if wish.contains(.check) { requestPINCheck() }
      if wish.contains(.rating) { requestQuality() }
    }
  }

  /// Answers `request` from the password manager, or shows its window.
  private func open(_ request: PinentryRequest) {
    // The agent passes its client's language as an option, since the
    // pinentry runs in the agent's environment.
    if let language = request.options.lcMessages { setlocale(LC_MESSAGES, language) }
    let owner = request.options.owner.flatMap {
      Requester.describe(
        owner: $0, hostName: Self.hostName, userID: Int(getuid()), processes: ProcFileSystem())
    }
    let opening = channel.answer {
      PinentryPasswordCache.open(
        request, session: &$0, keyring: keyring, grabSetting: grabSetting, requester: owner,
        into: &$1)
    }
    switch opening {
    case .answered(let next): handle(next)
    case .ask(let prompt): show(prompt, options: request.options)
    }
  }

  /// Whether requests can be shown in windows: the display is opened with
  /// the first that needs one.
  private var display: PinentryDisplay {
    guard wantsWindows else { return .notWanted }
    return openDisplay().map { .unavailable($0) } ?? .open
  }

  /// Shows `prompt` with the first presenter the core's plan for a request
  /// with `options` names that can be had, shaped to what it can show;
  /// tells the agent when none can.
  private func show(_ prompt: Prompt, options: PinentryOptions) {
    channel.isMuted = false
    let display = display
    let plan = PresenterPlan.forPinentry(options, hasDisplay: display.isOpen)
    var problem = plan.terminalProblem
    let ended: @MainActor (PromptResult) -> Void = { [self] in windowEnded($0) }
    for candidate in plan.candidates where shown == nil {
      switch candidate {
      case .window: shown = WindowPresenter().show(prompt, onFinish: ended)
      case .terminal(let path, let locale):
        do {
          let terminal = try Terminal.open(path: path, locale: locale)
          guard let presented = TerminalPresenter(terminal: terminal).show(prompt, onFinish: ended)
          else {
            Diagnostics.warn(FrontEndFailure.noLockedMemoryLeft(for: .password).description)
            return windowEnded(.cancelled)
          }
          shown = presented
        } catch {
          problem = error
        }
      }
    }
    guard let shown else { return refuse(plan: plan, display: display, problem: problem) }
    if let form = shown.form {
      form.onPasswordChange = { [self] in
        requestPINCheck()
        requestQuality()
      }
      form.onGenerate = { [self] in
        _ = channel.answer { $0.requestGeneratedPIN(into: &$1) }
      }
    }
    shown.surface.present()
  }

  /// Tells the agent the request cannot be shown: no `display`, and no
  /// terminal it could use (`problem`).
  private func refuse(plan: PresenterPlan, display: PinentryDisplay, problem: TerminalProblem?) {
    Diagnostics.warn(plan.failure(display: display.problem, terminal: problem).description)
    handle(channel.answer { PinentryFrontEnd.report(problem ?? .noneNamed, to: &$0, into: &$1) })
  }

  /// Puts the agent's generated passphrase into the form, if it is one the
  /// entry can hold as it is: UTF-8 without NUL (a %00 would cut it short
  /// without a word).
  private func fill(_ pin: PinentryGeneratedPIN?) {
    guard let pin, let count = pin.decodedCount, let decoded = LockedBytes(capacity: count) else {
      return
    }
    var sink = decoded
    pin.decode(into: &sink)
    let text = decoded.withUTF8 { bytes in
      g_utf8_validate_len(bytes.baseAddress, gsize(bytes.count), nil) != 0
        ? LockedCString(copying: bytes) : nil
    }
    if let text { shown?.form?.fill(password: text) }
  }

  private func requestPINCheck() {
    guard let form = shown?.form else { return }
    channel.answer { session, sink in
      form.model.withSecretUTF8(.password) { _ = session.requestPINCheck(of: $0, into: &sink) }
    }
  }

  private func requestQuality() {
    guard let form = shown?.form else { return }
    channel.answer { session, sink in
      form.model.withSecretUTF8(.password) { _ = session.requestQuality(of: $0, into: &sink) }
    }
  }

  /// Tells the agent how a window ended.
  private func windowEnded(_ result: PromptResult) {
    shown = nil
    guard !isExiting else { return }
    handle(channel.answer { PinentryFrontEnd.report(result, to: &$0, into: &$1, keyring: keyring) })
  }

  /// This machine's name, which `OPTION owner` must name for its process
  /// id to mean anything here.
  private static var hostName: String {
    var name = [UInt8](repeating: 0, count: 256)
    let status = name.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { gethostname($0.baseAddress!, $0.count - 1) }
    }
    guard status == 0 else { return "" }
    return String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
  }

  /// Ends the process at once, as the agent waits for it: no window is
  /// left behind and nothing secret stays in the buffers.
  private func exitNow(status: ExitStatus) -> Never {
    isExiting = true
    shown?.surface.finish(.cancelled)
    channel.wipeInput()
    Standard.exit(status)
  }
}
