import CGLib
import Glibc
import LoginFormFrontEnd
import LoginFormLockedMemory
import LoginFormMainLoop
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// One pinentry conversation with gpg-agent, as both programs that speak
/// it run it: the agent's lines through the session, a `GETPIN` answered
/// from the password manager or shown (`PinentryShowing`), and, while a
/// form is open, the agent's checks, ratings and generated passphrases
/// carried between the two. How the agent's bytes are waited for is the
/// program's: blocking in the quick pinentry, a main-loop source in
/// login-form.
@MainActor package final class PinentryConversation {
  /// The channel to the agent, and the session in it.
  package let channel: AgentChannel
  private let keyring: Keyring
  private let environment: LaunchEnvironment
  /// Where the requester of `OPTION owner` is looked up (/proc).
  private let processes: any Requester.Processes
  private weak var showing: (any PinentryShowing)?
  /// How the program ends: at once, since the agent waits for it.
  private let exit: (ExitStatus) -> Never
  /// The open request as it is shown; whether one is open is the
  /// session's to say.
  private var shown: PresentedPrompt?
  private var isExiting = false
  /// Where the agent's lines are read from.
  private let input: Int32
  /// Called with the bytes just read, before they are handled.
  package var onRead: ((UnsafeBufferPointer<UInt8>) -> Void)?

  /// A conversation for `session` on `input` and `output` (standard input
  /// and output, as gpg-agent starts a pinentry) that names who asks from
  /// `processes`, shows requests with `showing` and ends the program with
  /// `exit`; nil when no locked memory is left.
  package init?(
    session: PinentrySession, keyring: Keyring, environment: LaunchEnvironment,
    processes: any Requester.Processes, showing: any PinentryShowing, input: Int32 = 0,
    output: Int32 = 1,
    exit: @escaping (ExitStatus) -> Never
  ) {
    guard let channel = AgentChannel(session: session, outputDescriptor: output) else {
      return nil
    }
    self.input = input
    self.channel = channel
    self.keyring = keyring
    self.environment = environment
    self.processes = processes
    self.showing = showing
    self.exit = exit
  }

  /// Greets the agent; or, going on from what the quick pinentry read
  /// before it handed over (`handedOver`), goes through that as if read
  /// now, without answering: the agent has those answers, and the greeting,
  /// already. The request it handed over, shown, ends the catching up.
  package func start(after handedOver: [UInt8]?) {
    channel.isMuted = handedOver != nil
    channel.answer { $0.writeGreeting(into: &$1) }
    if let handedOver { channel.receive(handedOver, handle: handle) }
    channel.isMuted = false
  }

  /// How a read from the agent went.
  package enum Reading: Equatable, Sendable {
    /// Bytes were read and handled, or the read was interrupted.
    case read
    /// Nothing is there yet (a non-blocking pipe): wait, then read again.
    case wouldBlock
    /// The input ended: see `receiveEndOfInput(outputIsRead:)`.
    case ended
  }

  /// Reads what the agent sent and handles each complete line.
  package func read() -> Reading {
    let space = channel.prepareForRead()
    let got = Glibc.read(input, space.baseAddress, space.count)
    if got < 0, errno == EINTR { return .read }
    if got < 0, errno == EAGAIN { return .wouldBlock }
    guard got > 0 else { return .ended }
    onRead?(UnsafeBufferPointer(rebasing: space[..<got]))
    channel.receive(count: got, handle: handle)
    return .read
  }

  /// The end of the agent's input; `outputIsRead`: whether anyone still
  /// reads the answers. Handles what the session says to do, and returns
  /// it: `.none` when an open prompt stays for a client that still reads.
  @discardableResult
  package func receiveEndOfInput(outputIsRead: Bool) -> PinentryEvent {
    let event = channel.receiveEndOfInput(outputIsRead: outputIsRead)
    handle(event)
    return event
  }

  /// Does what the session said.
  package func handle(_ event: PinentryEvent) {
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
      if wish.contains(.check) { sendPIN { $0.requestPINCheck(of: $1, into: &$2) } }
      if wish.contains(.rating) { sendPIN { $0.requestQuality(of: $1, into: &$2) } }
    }
  }

  /// Ends the program at once, as the agent waits for it: no prompt is
  /// left behind and nothing secret stays in the buffers.
  package func exitNow(status: ExitStatus) -> Never {
    isExiting = true
    shown?.surface.finish(.cancelled)
    channel.wipeInput()
    exit(status)
  }

  /// Answers `request` from the password manager, or shows it.
  private func open(_ request: PinentryRequest) {
    // The agent passes its client's language as an option, since the
    // pinentry runs in the agent's environment.
    if let language = request.options.lcMessages { setlocale(LC_MESSAGES, language) }
    let owner = request.options.owner.flatMap {
      Requester.describe(
        owner: $0, hostName: Self.hostName, userID: Int(getuid()), processes: processes)
    }
    let opening = channel.answer {
      PinentryPasswordCache.open(
        request, session: &$0, keyring: keyring, environment: environment, requester: owner,
        into: &$1)
    }
    switch opening {
    case .answered(let next): handle(next)
    case .ask(let prompt): show(prompt, options: request.options)
    }
  }

  private func show(_ prompt: Prompt, options: PinentryOptions) {
    channel.isMuted = false
    guard let showing else { return ended(.cancelled) }
    switch showing.show(prompt, options: options, ended: { [weak self] in self?.ended($0) }) {
    case .shown(let presented):
      shown = presented
      if let form = presented.form {
        form.onPasswordChange = { [weak self] in
          self?.sendPIN { $0.requestPINCheck(of: $1, into: &$2) }
          self?.sendPIN { $0.requestQuality(of: $1, into: &$2) }
        }
        form.onGenerate = { [weak self] in
          _ = self?.channel.answer { $0.requestGeneratedPIN(into: &$1) }
        }
      }
      presented.surface.present()
    case .refused(let problem):
      handle(channel.answer { PinentryFrontEnd.report(problem, to: &$0, into: &$1) })
    case .ended(let result): ended(result)
    }
  }

  /// Sends the open form's password, read in place, with `request`.
  private func sendPIN(
    _ request: (inout PinentrySession, UnsafeBufferPointer<UInt8>, inout ProtocolOutput) -> Bool
  ) {
    guard let form = shown?.form else { return }
    channel.answer { session, sink in
      form.model.withSecretUTF8(.password) { _ = request(&session, $0, &sink) }
    }
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
    // Validated in place: a String made to check it would be a copy of
    // the passphrase outside locked memory.
    let text = decoded.withUTF8 { bytes in
      g_utf8_validate_len(bytes.baseAddress, gsize(bytes.count), nil) != 0
        ? LockedCString(copying: bytes) : nil
    }
    if let text { shown?.form?.fill(password: text) }
  }

  /// Tells the agent how the prompt ended.
  private func ended(_ result: PromptResult) {
    shown = nil
    guard !isExiting else { return }
    let next = channel.answer {
      PinentryFrontEnd.report(result, to: &$0, into: &$1, keyring: keyring)
    }
    guard case .exit = next, case .submitted = result else { return handle(next) }
    // The agent closed its input before the user answered, and now has the
    // PIN: the program ends, but not from inside this call, while the
    // presenter that made it still holds the form's copy of the PIN. Once
    // it has let go, the copy is wiped as it goes.
    isExiting = true
    MainLoopSource.idle { [self] in exitNow(status: .submitted) }
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
}
