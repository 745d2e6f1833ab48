import LoginFormModel

/// The pinentry side of the Assuan conversation with gpg-agent, as a pure
/// state machine: the glue feeds it complete input lines and the window's
/// results, and writes out what it puts in the sink.
///
/// Every output byte goes into the `ByteSink` passed to each call, in
/// order; a PIN goes there straight from the caller's buffer, so the sink
/// should be locked memory (say, a locked page flushed to stdout whenever
/// it fills). The session is a value: running a call on a copy with a
/// `ByteCounter` sizes its output exactly.
///
/// The glue:
/// 1. `writeGreeting(into:)`, then reads lines with an `AssuanLineSplitter`
///    and passes each to `receive(line:into:)` (over-long ones to
///    `receiveOverlongLine(into:)`, EOF to `receiveEndOfInput()`);
/// 2. on `.show(request)` opens a window, and keeps feeding input: the
///    agent answers inquiries meanwhile;
/// 3. reports the window's end with `submit(pin:repeated:into:)`,
///    `confirm(into:)` or `dismiss(_:into:)`, and handles the event these
///    return too (a command the agent sent early may open the next window);
/// 4. exits at once on `.exit`.
package struct PinentrySession: Sendable {
  /// The most bytes of PIN gpg-agent accepts in its one data line; 256
  /// leaves it out of step with the pinentry.
  package static let maximumPINBytes = 255
  /// pinentry cuts the PIN it sends for rating here, so the line fits.
  static let inquiryPINLimit = 300
  /// Commands held while a window is open; more are answered with an error.
  static let pendingLimit = 64

  /// A line that arrived while a window was open, answered after it.
  enum PendingLine {
    case command([UInt8])
    case data
    case overlong
  }

  /// The question put to the agent, at most one at a time.
  enum Inquiry: Equatable {
    case quality(score: Int?)
    case generatedPIN(delivered: Bool)
    /// `INQUIRE CHECKPIN`: the agent's refusal, once its `D` line came.
    case pinCheck(refusal: String?)
  }

  let host: PinentryHost
  /// The options so far; they survive `RESET`.
  package internal(set) var options: PinentryOptions
  var settings = PinentrySettings()
  var timeoutSeconds: Int?
  /// The window open now, if any, with its wishes.
  var window = PinentryWindow.none
  var inquiry: Inquiry?
  /// Whether the window that started `inquiry` has closed since, so its
  /// answer only has to be read.
  var inquiryOutlivedRequest = false
  /// The agent's input ended while a window was open and our output is
  /// still read: that window is answered first, then the process exits.
  var inputEnded = false
  var pending: [PendingLine] = []
  /// The keys whose passphrase the password manager was asked for: once
  /// per key and session, as pinentry does.
  var triedPasswordCache: Set<String> = []
  var overflowingLines = 0
  /// `END` lines still to come that answer nothing: gpg-agent (2.2.40 and
  /// later) ends a passing `CHECKPIN` with two, and the second must not be
  /// taken for the end of the next inquiry nor answered, which the agent,
  /// still waiting for `GETPIN`'s answer, would read as that answer.
  var strayEnds = 0
  /// Whether the conversation is over (`BYE` or EOF): the process exits.
  package internal(set) var hasEnded = false

  /// A session for this process, with options known from the command line
  /// (`--display`, `--ttyname`, …) already set.
  package init(host: PinentryHost, options: PinentryOptions = PinentryOptions()) {
    self.host = host
    self.options = options
    timeoutSeconds = host.defaultTimeoutSeconds
  }

  /// Writes the greeting the agent waits for before its first command.
  package func writeGreeting(into sink: inout some ByteSink) {
    sink.append(contentsOf: "OK Pleased to meet you, process \(host.processID)\n".utf8)
  }

  /// Handles one complete input line (without LF) from the splitter.
  package mutating func receive(
    line: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) -> PinentryEvent {
    if hasEnded { return .exit }
    if strayEnds > 0, line.elementsEqual("END".utf8) {
      strayEnds -= 1
      return .none
    }
    // An inquiry's answer may carry a generated passphrase: only the
    // inquiry code looks at it.
    if inquiry != nil { return receiveInquiryLine(line, into: &sink) }
    if line.isEmpty || line[0] == UInt8(ascii: "#") { return .none }
    if isWindowOpen { return hold(line, into: &sink) }
    return dispatch(line, into: &sink)
  }

  /// Handles what the splitter handed on: a line, or the news of one too
  /// long.
  package mutating func receive(_ input: AssuanInput, into sink: inout some ByteSink)
    -> PinentryEvent
  {
    switch input {
    case .line(let bytes): receive(line: bytes, into: &sink)
    case .overlongLine: receiveOverlongLine(into: &sink)
    }
  }

  /// Handles a line the splitter found too long: answered with an error in
  /// its turn, or ignored inside an inquiry's answer.
  package mutating func receiveOverlongLine(into sink: inout some ByteSink) -> PinentryEvent {
    if hasEnded { return .exit }
    if inquiry != nil { return .none }
    if isWindowOpen {
      enqueue(.overlong)
      return .none
    }
    AssuanError.lineTooLong.write(into: &sink)
    return .none
  }

  /// The request whose window is open now, if any.
  package var openRequest: PinentryRequest? { window.request }

  /// Whether a request's window is open now.
  package var isWindowOpen: Bool { window.request != nil }

  /// Handles EOF. An agent that went away closed both pipes, so no window
  /// may linger: the glue exits at once. One that only ended its input
  /// while a window is open and still reads our output (`outputIsRead`; a
  /// script piping `GETPIN` and `BYE`) gets that window's answer, and what
  /// it piped after, in order, as from pinentry, then `.exit`.
  package mutating func receiveEndOfInput(outputIsRead: Bool) -> PinentryEvent {
    if isWindowOpen && outputIsRead {
      inputEnded = true
      return .none
    }
    end()
    return .exit
  }

  /// A line that arrived while a window is open. gpg-agent never sends one;
  /// Assuan answers commands in order, and pinentry reads the next only
  /// after the window, so it is held, `BYE` too: a client that pipes
  /// `GETPIN` and `BYE` at once still gets its PIN. (An agent that goes
  /// away closes the pipe instead, and the end of input closes the window.)
  private mutating func hold(
    _ line: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) -> PinentryEvent {
    enqueue(Self.isDataLine(line) ? .data : .command(Array(line)))
    return .none
  }

  private mutating func enqueue(_ line: PendingLine) {
    // Once one line overflowed, later ones must not overtake it.
    if overflowingLines > 0 || pending.count >= Self.pendingLimit {
      overflowingLines += 1
    } else {
      pending.append(line)
    }
  }

  mutating func end() {
    hasEnded = true
    window = .none
    inquiry = nil
    pending = []
    overflowingLines = 0
    strayEnds = 0
  }
}
