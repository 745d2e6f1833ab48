import CGtk
import LoginFormFrontEnd
import LoginFormGtk
import LoginFormLockedMemory
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// Runs one pinentry conversation: reads standard input with a GLib source
/// (the main loop never blocks on the agent), feeds the session, shows a
/// window for each request and reports its end.
///
/// Both directions use locked memory: the input may carry a generated
/// passphrase, and the output carries the PIN.
@MainActor final class PinentryServer {
  private var session: PinentrySession
  private var splitter: AssuanLineSplitter
  private let input: LockedRegion
  private let output: LockedBytes
  private let grabSetting: String?
  /// The window of the open request; whether one is open is the session's
  /// to say.
  private var window: (any PromptSurface)?
  private var isExiting = false

  /// A server for `session`; nil when no locked memory is left.
  init?(session: PinentrySession, grabSetting: String?) {
    guard let input = LockedRegion(capacity: 4096), let output = LockedBytes(capacity: 4096)
    else { return nil }
    self.session = session
    self.input = input
    self.output = output
    self.grabSetting = grabSetting
    splitter = AssuanLineSplitter(storage: input.bytes)
  }

  /// Greets the agent and serves it until it says BYE or goes away.
  func serve() -> Never {
    var sink = ProtocolOutput(buffer: output)
    session.writeGreeting(into: &sink)
    flush()
    PromptRunner.onReadable(0) { [self] in readInput() }
    _ = PromptRunner.onInterruption { [self] _ in exitNow(status: .cancelled) }
    PromptRunner.runForever()
  }

  /// Reads what is there, handles each complete line; false (remove the
  /// source) at the end of input.
  private func readInput() -> Bool {
    let space = splitter.prepareForRead()
    let got = read(0, space.baseAddress, space.count)
    if got < 0, lf_errno() == EINTR || lf_errno() == EAGAIN { return true }
    guard got > 0 else {
      _ = splitter.finish()
      handle(session.receiveEndOfInput(outputIsRead: lf_reader_is_gone(1) == 0))
      return false
    }
    splitter.didRead(got)
    while let line = splitter.nextLine() {
      var sink = ProtocolOutput(buffer: output)
      let event: PinentryEvent
      switch line {
      case .line(let bytes): event = session.receive(line: bytes, into: &sink)
      case .overlongLine: event = session.receiveOverlongLine(into: &sink)
      }
      flush()
      // Synchronously: a generated passphrase points into the line, which
      // the splitter wipes at its next call.
      handle(event)
    }
    return true
  }

  private func handle(_ event: PinentryEvent) {
    switch event {
    case .none: break
    case .show(let request): show(request)
    case .quality(let value): (window as? FormWindow)?.showQuality(value)
    case .generatedPIN(let pin): fill(pin)
    case .exit: exitNow(status: .submitted)
    }
    if session.qualityUpdateDue { requestQuality() }
  }

  private func show(_ request: PinentryRequest) {
    // The agent passes its client's language as an option, since the
    // pinentry runs in the agent's environment.
    if let language = request.options.lcMessages { setlocale(LC_MESSAGES, language) }
    let owner = request.options.owner.flatMap {
      Requester.describe(
        owner: $0, hostName: Self.hostName, userID: Int(getuid()), processes: ProcFileSystem())
    }
    switch PinentryPrompt.prompt(for: request, grabSetting: grabSetting, requester: owner) {
    case .form(let description):
      let form = FormWindow(description: description) { [self] in windowEnded($0) }
      form.onPasswordChange = { [self] in requestQuality() }
      form.onGenerate = { [self] in
        var sink = ProtocolOutput(buffer: output)
        session.requestGeneratedPIN(into: &sink)
        flush()
      }
      window = form
    case .question(let description):
      window = QuestionWindow(description: description) { [self] in windowEnded($0) }
    }
    window?.present()
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
    if let text { (window as? FormWindow)?.fill(password: text) }
  }

  private func requestQuality() {
    guard let form = window as? FormWindow else { return }
    var sink = ProtocolOutput(buffer: output)
    form.model.withSecretUTF8(.password) { _ = session.requestQuality(of: $0, into: &sink) }
    flush()
  }

  /// Tells the agent how a window ended.
  private func windowEnded(_ result: PromptResult) {
    window = nil
    guard !isExiting else { return }
    var sink = ProtocolOutput(buffer: output)
    let event = PinentryFrontEnd.report(result, to: &session, into: &sink)
    flush()
    handle(event)
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

  private func flush() {
    ProtocolOutput.flush(output)
  }

  /// Ends the process at once, as the agent waits for it: no window is
  /// left behind and nothing secret stays in the buffers.
  private func exitNow(status: ExitStatus) -> Never {
    isExiting = true
    window?.finish(.cancelled)
    flush()
    input.wipe()
    Standard.exit(status)
  }
}
