import CGtk
import LoginFormGtk
import LoginFormModel
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
  private let input: LockedBuffer
  private let output: LockedBuffer
  private var form: PromptWindow?
  private var question: QuestionWindow?
  private var isExiting = false
  /// The agent closed our input while a window was open, but still reads
  /// our output: answer that window, then whatever it piped, then exit.
  private var inputEnded = false

  /// A server for `session`; nil when no locked memory is left.
  init?(session: PinentrySession) {
    guard let input = LockedBuffer(capacity: 4096), let output = LockedBuffer(capacity: 4096)
    else { return nil }
    self.session = session
    self.input = input
    self.output = output
    splitter = AssuanLineSplitter(storage: input.storage)
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
      // An agent that went away closed both pipes: no window may linger.
      // One that only ended its input (a script piping GETPIN and BYE)
      // still gets its answers, in order, as from pinentry.
      if form == nil && question == nil || lf_reader_is_gone(1) != 0 {
        handle(session.receiveEndOfInput())
      } else {
        inputEnded = true
      }
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
    case .quality(let value): form?.showQuality(value)
    case .generatedPIN(let pin):
      guard let pin, let count = pin.decodedCount,
        let generated = LockedBuffer(copyingDecoded: pin, count: count)
      else { break }
      // Only a passphrase the entry can hold as it is: UTF-8 without NUL
      // (a %00 would cut it short without a word).
      if generated.withUTF8({ g_utf8_validate($0.baseAddress, gssize($0.count), nil) != 0 }) {
        form?.fill(password: generated)
      }
      generated.wipe()
    case .exit: exitNow(status: .submitted)
    }
    if session.qualityUpdateDue { requestQuality() }
  }

  private func show(_ request: PinentryRequest) {
    // The agent passes its client's language as an option, since the
    // pinentry runs in the agent's environment.
    if let language = request.options.lcMessages { setlocale(LC_MESSAGES, language) }
    if request.kind == .pin {
      let window = PromptWindow(description: PinentryPrompt.form(for: request)) { [self] result in
        form = nil
        report(result, for: request)
      }
      window.onPasswordChange = { [self] in requestQuality() }
      window.onGenerate = { [self] in
        var sink = ProtocolOutput(buffer: output)
        session.requestGeneratedPIN(into: &sink)
        flush()
      }
      form = window
      window.present()
    } else {
      let window = QuestionWindow(description: PinentryPrompt.question(for: request)) {
        [self] result in
        question = nil
        report(result, for: request)
      }
      question = window
      window.present()
    }
  }

  private func requestQuality() {
    guard let form else { return }
    var sink = ProtocolOutput(buffer: output)
    form.model.withSecretUTF8(.password) { _ = session.requestQuality(of: $0, into: &sink) }
    flush()
  }

  /// Tells the agent how a window ended.
  private func report(_ result: PromptResult, for request: PinentryRequest) {
    guard !isExiting else { return }
    var sink = ProtocolOutput(buffer: output)
    let event: PinentryEvent
    switch result {
    case .submitted(let submitted):
      var outcome: Result<PinentryEvent, PinentrySubmitError> = .success(.none)
      submitted.password?.withUTF8 { pin in
        outcome = Result { () throws(PinentrySubmitError) in
          try session.submit(pin: pin, repeated: submitted.passwordWasRepeated, into: &sink)
        }
      }
      submitted.password?.wipe()
      // The window holds to the 255-byte limit, so a refusal cannot happen;
      // if it did, the agent hears a cancel rather than nothing.
      event = (try? outcome.get()) ?? session.dismiss(.cancelled, into: &sink)
    case .answered(true): event = session.confirm(into: &sink)
    case .answeredOther: event = session.dismiss(.notConfirmed, into: &sink)
    case .closed: event = session.dismiss(.closed, into: &sink)
    case .timedOut: event = session.dismiss(.timedOut, into: &sink)
    case .answered(false), .cancelled, .keyboardUnavailable, .interrupted:
      event = session.dismiss(.cancelled, into: &sink)
    }
    flush()
    handle(event)
    if inputEnded, form == nil, question == nil { handle(session.receiveEndOfInput()) }
  }

  private func flush() {
    ProtocolOutput.flush(output)
  }

  /// Ends the process at once, as the agent waits for it: no window is left
  /// behind and nothing secret stays in the buffers.
  private func exitNow(status: ExitStatus) -> Never {
    isExiting = true
    form?.finish(.cancelled)
    question?.finish(.cancelled)
    flush()
    input.wipe()
    output.wipe()
    Standard.exit(status)
  }
}

extension LockedBuffer {
  /// A locked, NUL-terminated copy of the agent's generated passphrase,
  /// decoded from the line that carried it; `count` is its decoded length.
  fileprivate convenience init?(copyingDecoded pin: PinentryGeneratedPIN, count: Int) {
    self.init(capacity: count + 1)
    var writer = Writer(appendingTo: self)
    pin.decode(into: &writer)
    terminate()
  }
}
