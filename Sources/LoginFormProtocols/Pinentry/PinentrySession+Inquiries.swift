import LoginFormModel

extension PinentrySession {
  /// Asks the agent to rate `pin` (the entry's current text, read in place)
  /// with `INQUIRE QUALITY`; the rating comes back as `.quality(_)` from
  /// `receive(line:into:)`.
  ///
  /// Call it on every edit while the request has a quality bar. At most one
  /// inquiry is out at a time: while one is, this only remembers the wish,
  /// and the event that ends that inquiry asks for the PIN again
  /// (`.pinWanted`). An empty PIN is
  /// not sent (show an empty bar), as in pinentry. Returns whether a line
  /// was written.
  @discardableResult
  package mutating func requestQuality(
    of pin: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) -> Bool {
    guard !hasEnded, openRequest?.qualityBar != nil else { return false }
    guard !pin.isEmpty else {
      window.wishes?.qualityDeferred = false
      return false
    }
    guard inquiry == nil else {
      window.wishes?.qualityDeferred = true
      return false
    }
    sink.append(contentsOf: "INQUIRE QUALITY ".utf8)
    let sent = UnsafeBufferPointer(rebasing: pin.prefix(Self.inquiryPINLimit))
    AssuanCoding.appendInquiryArgument(sent, into: &sink)
    sink.append(LineByte.newline)
    inquiry = .quality(score: nil)
    return true
  }

  /// Asks the agent for a passphrase with `INQUIRE GENPIN` (the request's
  /// generate button); it comes back as `.generatedPIN(_)`. While another
  /// inquiry is out, it is sent as soon as that one ends. Returns whether
  /// a line was written.
  @discardableResult
  package mutating func requestGeneratedPIN(into sink: inout some ByteSink) -> Bool {
    guard !hasEnded, openRequest?.generateLabel != nil else { return false }
    guard inquiry == nil else {
      window.wishes?.generationDeferred = true
      return false
    }
    startGeneration(into: &sink)
    return true
  }

  private mutating func startGeneration(into sink: inout some ByteSink) {
    sink.append(contentsOf: "INQUIRE GENPIN\n".utf8)
    inquiry = .generatedPIN(delivered: false)
  }

  /// A line of the agent's answer to an inquiry, read as pinentry reads
  /// it: comments and empty lines skipped, the first `D` line taken, any
  /// other line ignored, and `END`, `CAN` or `ERR` closing the answer.
  mutating func receiveInquiryLine(
    _ line: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) -> PinentryEvent {
    guard let current = inquiry, !line.isEmpty, line[0] != UInt8(ascii: "#") else {
      return .none
    }
    if ["END", "CAN", "ERR"].contains(where: { Self.starts(line, withKeyword: $0) }) {
      let ended = Self.starts(line, withKeyword: "END")
      return endInquiry(current, answered: ended, into: &sink)
    }
    guard line.count >= 3, Self.isDataLine(line) else { return .none }
    let value = UnsafeBufferPointer(rebasing: line[2...])
    switch current {
    case .quality(score: nil):
      inquiry = .quality(score: min(max(Self.leadingInteger(value), -100), 100))
    case .generatedPIN(delivered: false):
      inquiry = .generatedPIN(delivered: true)
      if !inquiryOutlivedRequest { return .generatedPIN(PinentryGeneratedPIN(encoded: value)) }
    case .pinCheck(refusal: nil):
      var text = ArrayByteSink()
      AssuanCoding.decode(value, into: &text)
      inquiry = .pinCheck(refusal: String(decoding: text.bytes, as: UTF8.self))
    default:
      break
    }
    return .none
  }

  private mutating func endInquiry(
    _ finished: Inquiry, answered: Bool, into sink: inout some ByteSink
  ) -> PinentryEvent {
    inquiry = nil
    let outlived = inquiryOutlivedRequest
    inquiryOutlivedRequest = false
    if finished == .pinCheck(refusal: nil) && answered { strayEnds += 1 }
    // Whether the PIN changed since this check was asked for.
    let checkIsStale = window.wishes?.pinCheckDeferred ?? false
    // The wishes belong to the window open now, which may be a later one.
    var wanted: PinentryPINWish = []
    if var wishes = window.wishes {
      if wishes.generationDeferred {
        wishes.generationDeferred = false
        startGeneration(into: &sink)
      } else {
        if wishes.pinCheckDeferred {
          wishes.pinCheckDeferred = false
          wanted.insert(.check)
        }
        if wishes.qualityDeferred {
          wishes.qualityDeferred = false
          wanted.insert(.rating)
        }
      }
      window.wishes = wishes
    }
    let event =
      outlived ? .none : Self.result(of: finished, answered: answered, stale: checkIsStale)
    return wanted.isEmpty ? event : .pinWanted(wanted, after: event)
  }

  /// What an inquiry's end reports: its rating, verdict or the news that
  /// no passphrase came; nothing for a verdict on a PIN since changed.
  private static func result(of finished: Inquiry, answered: Bool, stale: Bool)
    -> PinentryEvent
  {
    switch finished {
    case .quality(let score): return .quality(score ?? 0)
    case .generatedPIN(let delivered): return delivered ? .none : .generatedPIN(nil)
    case .pinCheck(let refusal):
      if stale { return .none }
      guard answered else { return .pinChecked(.unavailable) }
      return .pinChecked(refusal.map { .refused($0) } ?? .accepted)
    }
  }

  /// Whether `line` is `keyword` alone or followed by a space.
  private static func starts(_ line: UnsafeBufferPointer<UInt8>, withKeyword keyword: String)
    -> Bool
  {
    let keyword = keyword.utf8
    guard line.starts(with: keyword) else { return false }
    return line.count == keyword.count || line[keyword.count] == UInt8(ascii: " ")
  }
}
