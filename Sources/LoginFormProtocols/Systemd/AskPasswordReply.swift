import LoginFormModel

/// The datagram an agent answers an ask file with.
package enum AskPasswordReply {
  /// `+` and the secret: the password, with nothing after it.
  package static func encode(secret: UnsafeBufferPointer<UInt8>, into sink: inout some ByteSink) {
    sink.append(UInt8(ascii: "+"))
    sink.append(contentsOf: secret)
  }

  /// `-`: the user declined.
  package static func encodeRefusal(into sink: inout some ByteSink) {
    sink.append(UInt8(ascii: "-"))
  }
}
