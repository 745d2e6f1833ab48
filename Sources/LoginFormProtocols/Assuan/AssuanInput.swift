/// One unit of input that the line splitter hands on.
package enum AssuanInput {
  /// A complete line without its LF (and without a CR before it), valid
  /// only until the splitter is next called: its bytes are wiped then.
  case line(UnsafeBufferPointer<UInt8>)
  /// A line longer than the protocol allows. Its bytes were wiped and the
  /// rest of it, up to its LF, is skipped; feed this to
  /// `PinentrySession.receiveOverlongLine(into:)`.
  case overlongLine
}
