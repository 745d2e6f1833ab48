import Glibc
import LoginFormPrompt
import LoginFormTerminal
import LoginFormTestSupport
import Testing

/// A notice (a security key waiting for a touch, a pinpad) on a real
/// pseudo-terminal.
@MainActor @Suite(.serialized) struct TerminalNoticeTests {
  let pty: Pty

  init() throws {
    pty = try Pty()
  }

  private var touch: NoticeDescription {
    var options = PromptOptions()
    options.title = "OpenSSH"
    return NoticeDescription(
      heading: "Touch your security key",
      text: ClientText.displayable("Confirm user presence for key ED25519-SK\nSHA256:abc"),
      close: "_Close", options: options)
  }

  @Test func theTitleHeadingAndTextAreWrittenAndKeysNeitherEndItNorAreTaken() throws {
    let before = pty.settings
    let ended = Ended()
    let terminal = try Terminal.open(path: pty.path, locale: nil)
    let notice = TerminalNotice(description: touch, terminal: terminal) { [weak ended] in
      ended?.result = $0
    }
    ended.prompt = notice
    notice.present()
    pty.type("y\r")
    // A while for the notice to take the keys: that it does not is what is
    // checked.
    pump(for: 0.3)
    #expect(ended.result == nil, "a key press ended the notice")
    #expect(pty.unreadInput == 2, "the notice read keys meant for another program")
    #expect(sameSettings(pty.settings, before), "the notice changed the terminal's settings")
    notice.finish(.interrupted(signal: SIGTERM))
    #expect(ended.outcome == .interrupted(SIGTERM))
    // After it, the terminal's own echo of the keys, still on.
    #expect(
      pty.text.hasPrefix(
        "OpenSSH\r\nTouch your security key\r\nConfirm user presence for key ED25519-SK\r\n"
          + "SHA256:abc\r\n"))
  }
}
