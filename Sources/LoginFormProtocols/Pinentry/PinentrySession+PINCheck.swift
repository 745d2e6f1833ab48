import LoginFormModel

extension PinentrySession {
  /// Asks the agent whether `pin` (the entry's current text, read in place)
  /// satisfies its constraints, with `INQUIRE CHECKPIN`; the verdict comes
  /// back as `.pinChecked(_)` from `receive(line:into:)`.
  ///
  /// Call it on every edit while the request has `constraints`. As for the
  /// rating, at most one inquiry is out at a time: while one is, this only
  /// remembers that the PIN changed, drops the verdict on the old one when
  /// it comes, and has the check wanted again (`.pinWanted`) when the
  /// inquiry out ends. An empty PIN is not sent (the
  /// agent refuses it, and the form says it is required). Returns whether
  /// a line was written.
  @discardableResult
  package mutating func requestPINCheck(
    of pin: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink
  ) -> Bool {
    guard !hasEnded, openRequest?.constraints != nil else { return false }
    if case .pinCheck = inquiry {
      // The verdict on its way is for an older PIN: drop it, ask again.
      window.wishes?.pinCheckDeferred = true
      return false
    }
    guard !pin.isEmpty else {
      window.wishes?.pinCheckDeferred = false
      return false
    }
    guard inquiry == nil else {
      window.wishes?.pinCheckDeferred = true
      return false
    }
    sink.append(contentsOf: "INQUIRE CHECKPIN ".utf8)
    let sent = UnsafeBufferPointer(rebasing: pin.prefix(Self.inquiryPINLimit))
    AssuanCoding.appendInquiryArgument(sent, into: &sink)
    sink.append(LineByte.newline)
    inquiry = .pinCheck(refusal: nil)
    return true
  }
}
