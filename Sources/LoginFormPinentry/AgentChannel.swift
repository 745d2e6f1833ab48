import LoginFormLockedMemory
import LoginFormModel
import LoginFormProtocols

/// A pinentry's side of its conversation with gpg-agent, as both programs
/// that speak it hold it (the quick `pinentry-login-form`, and login-form's
/// pinentry mode): the session, the agent's bytes cut into lines, and the
/// answers, written to standard output after each exchange.
///
/// Both directions use locked memory: the input may carry a generated
/// passphrase, and the output carries the PIN.
package final class AgentChannel {
  /// The conversation's state; changed only through `answer(_:)` and the
  /// `receive` calls.
  package private(set) var session: PinentrySession
  private var splitter: AssuanLineSplitter
  private let input: LockedRegion
  private let output: LockedBytes
  private let outputDescriptor: Int32
  /// Whether answers are dropped rather than written: while login-form
  /// goes through what the quick pinentry has answered already.
  package var isMuted = false

  /// A channel for `session` that answers on `outputDescriptor` (the
  /// agent reads standard output); nil when no locked memory is left.
  package init?(session: PinentrySession, outputDescriptor: Int32 = 1) {
    guard let input = LockedRegion(capacity: 4096), let output = LockedBytes(capacity: 4096)
    else { return nil }
    self.session = session
    self.input = input
    self.output = output
    self.outputDescriptor = outputDescriptor
    splitter = AssuanLineSplitter(storage: input.bytes)
  }

  /// Calls `body` with the session and the output, then writes what it
  /// wrote; returns what `body` returns (what the session says to do next,
  /// mostly).
  package func answer<Result>(_ body: (inout PinentrySession, inout ProtocolOutput) -> Result)
    -> Result
  {
    var sink = ProtocolOutput(buffer: output, descriptor: outputDescriptor)
    let result = body(&session, &sink)
    if isMuted {
      output.removeAll()
    } else {
      ProtocolOutput.flush(output, to: outputDescriptor)
    }
    return result
  }

  /// Where the agent's next bytes are to be read into: never empty.
  package func prepareForRead() -> UnsafeMutableBufferPointer<UInt8> {
    splitter.prepareForRead()
  }

  /// Takes the `count` bytes just read into that space, and hands each
  /// line now complete to the session and what it says to do to `handle`,
  /// in order. Synchronously: a generated passphrase points into its line,
  /// which is wiped at the next call.
  package func receive(count: Int, handle: (PinentryEvent) -> Void) {
    splitter.didRead(count)
    while let line = splitter.nextLine() {
      handle(answer { $0.receive(line, into: &$1) })
    }
  }

  /// Takes `bytes` as if just read (what the quick pinentry read before it
  /// handed over), as `receive(count:handle:)` does.
  package func receive(_ bytes: [UInt8], handle: (PinentryEvent) -> Void) {
    var rest = bytes[...]
    while !rest.isEmpty {
      let space = prepareForRead()
      let count = min(space.count, rest.count)
      _ = space.initialize(from: rest.prefix(count))
      rest = rest.dropFirst(count)
      receive(count: count, handle: handle)
    }
  }

  /// The end of the agent's input; `outputIsRead`: whether anyone still
  /// reads the answers. Returns what the session says to do.
  package func receiveEndOfInput(outputIsRead: Bool) -> PinentryEvent {
    _ = splitter.finish()
    return session.receiveEndOfInput(outputIsRead: outputIsRead)
  }

  /// Wipes what is left of the agent's input, as the process ends or
  /// becomes another.
  package func wipeInput() {
    input.wipe()
  }
}
