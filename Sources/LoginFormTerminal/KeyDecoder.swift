/// Turns the bytes typed on a terminal in prompt mode (no line editing, no
/// signals from keys) into key events, a byte at a time. The bytes of
/// characters go straight into the field (`TypedText`); control keys and
/// the escape sequences of cursor and function keys never reach it.
package struct KeyDecoder: Sendable {
  private enum State: Sendable {
    case ground
    /// After ESC: a lone Esc, or the start of a key's sequence.
    case escape
    /// After ESC [ (CSI): parameters until a final byte.
    case controlSequence
    /// After ESC O (SS3): one more byte.
    case singleShift
  }

  private var state = State.ground
  /// Whether the field holds bytes of a character not yet complete.
  private var hasPending = false

  package init() {}

  /// Decodes one byte; a character's bytes go into `text`.
  package mutating func feed(_ byte: UInt8, into text: some TypedText) -> KeyEvent {
    switch state {
    case .escape:
      state = .ground
      switch byte {
      case UInt8(ascii: "["):
        state = .controlSequence
        return .partial
      case UInt8(ascii: "O"):
        state = .singleShift
        return .partial
      // Esc twice: no key sends that, a person does.
      case 0x1B: return .cancel
      // Esc, then a control key of its own (Ctrl+C, Enter).
      case 0x00..<0x20, 0x7F: return feed(byte, into: text)
      // Alt with a key.
      default: return .refused
      }
    case .controlSequence:
      switch byte {
      case 0x20...0x3F: return .partial
      case 0x40...0x7E:
        state = .ground
        return .refused
      default:
        // Not a sequence after all: the byte is a key of its own.
        state = .ground
        return feed(byte, into: text)
      }
    case .singleShift:
      state = .ground
      return .refused
    case .ground:
      break
    }
    if byte >= 0x20 && byte != 0x7F {
      return character(byte, into: text)
    }
    if hasPending {
      text.dropPending()
      hasPending = false
    }
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x7F, 0x08: return .erase
    case 0x17: return .eraseWord
    case 0x15: return .eraseLine
    case 0x03, 0x04: return .cancel
    case 0x1A: return .suspend
    case 0x09: return .tab
    case 0x1B:
      state = .escape
      return .escapePending
    default: return .refused
    }
  }

  /// No byte followed a lone Esc in time: it was the Esc key, which
  /// cancels. Anything else waiting is left as it is.
  package mutating func escapeTimedOut() -> KeyEvent {
    guard case .escape = state else { return .partial }
    state = .ground
    return .cancel
  }

  private mutating func character(_ byte: UInt8, into text: some TypedText) -> KeyEvent {
    guard text.appendPending(byte) else {
      text.dropPending()
      hasPending = false
      return .refused
    }
    switch text.completePending() {
    case .complete:
      hasPending = false
      return .typed
    case .incomplete:
      hasPending = true
      return .partial
    case .invalid:
      hasPending = false
      return .refused
    }
  }
}
