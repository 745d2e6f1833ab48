import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

/// systemd's ask files as systemd 252 writes them, and the datagrams that
/// answer them.
@Suite struct AskPasswordQueryTests {
  private func query(_ text: String) throws(AskPasswordQueryError) -> AskPasswordQuery {
    try AskPasswordQuery(parsing: Array(text.utf8))
  }

  /// What `systemd-ask-password --no-tty --id=cryptsetup:/dev/sdb1
  /// --icon=drive-harddisk --timeout=30 --echo=masked` wrote.
  private let written = """
    [Ask]
    PID=7805
    Socket=/run/systemd/ask-password/sck.9a00db239ff8190d
    AcceptCached=0
    Echo=0
    NotAfter=37930767377
    Silent=0
    Message=Please enter passphrase for disk Backup (backup):
    Icon=drive-harddisk
    Id=cryptsetup:/dev/sdb1

    """

  @Test func systemdsOwnFileReadsWhole() throws {
    let query = try query(written)
    var expected = AskPasswordQuery(socket: "/run/systemd/ask-password/sck.9a00db239ff8190d")
    expected.processID = 7805
    expected.notAfter = 37_930_767_377
    expected.message = "Please enter passphrase for disk Backup (backup):"
    expected.icon = "drive-harddisk"
    expected.id = "cryptsetup:/dev/sdb1"
    #expect(query == expected)
  }

  @Test func unknownKeysAndOtherSectionsAreIgnoredAndZeroIsNoDeadline() throws {
    let query = try query(
      """
      # a comment
      [Other]
      Socket=/elsewhere
      [Ask]
      Socket = /run/s
      NotAfter=0
      Echo=yes
      Silent=true
      AcceptCached=on
      FutureKey=whatever
      """)
    #expect(query.socket == "/run/s")
    #expect(query.notAfter == nil)
    #expect(query.echoes && query.isSilent && query.acceptsCached)
    #expect(query.processID == nil)
  }

  @Test func escapesAreUndoneAsSystemdWroteThem() throws {
    let query = try query(
      "[Ask]\nSocket=/s\nMessage=Line one\\nT\\xc3\\xa9st \\\"q\\\" \\\\ \\101\n")
    #expect(query.message == "Line one\nTést \"q\" \\ A")
  }

  @Test func whatCannotBeAnsweredSaysWhy() {
    #expect(throws: AskPasswordQueryError.noSocket) { try query("[Ask]\nPID=1\n") }
    #expect(throws: AskPasswordQueryError.noSocket) { try query("[Ask]\nSocket=relative\n") }
    #expect(throws: AskPasswordQueryError.invalid("PID")) { try query("[Ask]\nSocket=/s\nPID=x\n") }
    #expect(throws: AskPasswordQueryError.invalid("PID")) { try query("[Ask]\nSocket=/s\nPID=0\n") }
    #expect(throws: AskPasswordQueryError.invalid("Echo")) {
      try query("[Ask]\nSocket=/s\nEcho=maybe\n")
    }
    #expect(throws: AskPasswordQueryError.invalid("NotAfter")) {
      try query("[Ask]\nSocket=/s\nNotAfter=-1\n")
    }
    #expect(throws: AskPasswordQueryError.invalid("Message")) {
      try query("[Ask]\nSocket=/s\nMessage=bad \\q escape\n")
    }
    #expect(throws: AskPasswordQueryError.invalid("Message")) {
      try query("[Ask]\nSocket=/s\nMessage=\\xff is no UTF-8\n")
    }
    #expect(throws: AskPasswordQueryError.notText) {
      try AskPasswordQuery(parsing: Array("[Ask]\nSocket=/s\n".utf8) + [0xFF])
    }
    #expect(throws: AskPasswordQueryError.notText) {
      try AskPasswordQuery(parsing: Array("[Ask]\nSocket=/s\0\n".utf8))
    }
    #expect(throws: AskPasswordQueryError.tooLarge) {
      try AskPasswordQuery(parsing: [UInt8](repeating: 0x20, count: 64 * 1024 + 1))
    }
  }

  @Test func theAnswerIsAPlusAndTheSecretOrAMinus() {
    var sink = ArraySink()
    withBytes("pw é\u{1}") { AskPasswordReply.encode(secret: $0, into: &sink) }
    #expect(sink.text == "+pw é\u{1}")
    var refusal = ArraySink()
    AskPasswordReply.encodeRefusal(into: &refusal)
    #expect(refusal.text == "-")
  }
}
