import Glibc
import LoginFormPrompt
import LoginFormTerminal
import LoginFormTestSupport
import Testing

/// A question on a real pseudo-terminal.
@MainActor @Suite(.serialized) struct TerminalQuestionTests {
  let pty: Pty

  init() throws {
    pty = try Pty()
  }

  private var allowKey: QuestionDescription {
    var question = QuestionDescription(
      text: "Allow use of key /tmp/key?\nKey fingerprint SHA256:abc", yes: "_Allow", no: "_Deny")
    question.options.title = "OpenSSH"
    return question
  }

  /// ssh's host-key question, whose fingerprint has an "o" before any "c",
  /// the letters the old one-key answers read as Connect and Cancel.
  private static let fingerprint = "SHA256:kBo7gQ5x+cNZ1M3e0pY8vq2Rj4tHdWfLsIuXaVbEyCg"

  private var hostKey: QuestionDescription {
    var question = QuestionDescription(
      text: "This host’s key is not known yet.", yes: "C_onnect", no: "_Cancel")
    question.detail = "ED25519 " + Self.fingerprint
    question.expectedAnswer = ExpectedAnswer(
      label: "Or _paste the fingerprint you expect", matchText: "Matches",
      mismatchText: "Does not match the fingerprint the server sent"
    ) { typed in
      if typed.isEmpty { return .empty }
      if typed == Self.fingerprint { return .matches }
      return Self.fingerprint.hasPrefix(typed) ? .partial : .differs
    }
    return question
  }

  /// Asks `question` and types `first`; with `then`, waits until the
  /// question is asked again and types that too.
  private func ask(
    _ question: QuestionDescription, typing first: String,
    thenAfterAskingAgain then: String? = nil
  ) throws -> Outcome? {
    let ended = Ended()
    let terminal = try Terminal.open(path: pty.path, locale: nil)
    let report: @MainActor (PromptResult) -> Void = { [weak ended] in ended?.result = $0 }
    let prompt = try #require(
      TerminalQuestion(description: question, terminal: terminal, onFinish: report))
    ended.prompt = prompt
    prompt.present()
    pty.type(first)
    if let then {
      pump(until: { pty.text.contains("  ! ") || ended.result != nil })
      try #require(ended.result == nil, "the first line answered the question")
      pump(until: { pty.text.hasSuffix("(Enter: Cancel): ") })
      pty.type(then)
    }
    pump(until: { ended.result != nil })
    prompt.finish(.cancelled)
    return ended.outcome
  }

  @Test func theTextThenTheWordsAndTheAnswerTyped() throws {
    #expect(try ask(allowKey, typing: "allow\r") == .answered(true))
    #expect(
      pty.text
        == "OpenSSH\r\nAllow use of key /tmp/key?\r\nKey fingerprint SHA256:abc\r\n"
        + "\r[Allow] / [Deny] (Enter: Deny): allow\r\n")
  }

  @Test func enterAloneIsTheSafeAnswerAndSaysSo() throws {
    #expect(try ask(allowKey, typing: "\r") == .answered(false))
    #expect(pty.text.hasSuffix("[Allow] / [Deny] (Enter: Deny): Deny\r\n"))
  }

  @Test(arguments: ["no\r", "No\r", "cancel\r", " cancel \r"])
  func noAndTheNegativeWordSayNo(typed: String) throws {
    #expect(try ask(hostKey, typing: typed) == .answered(false))
  }

  @Test(arguments: ["connect\r", "yes\r", "CONNECT\r"])
  func theAffirmativeWordOrYesConnects(typed: String) throws {
    #expect(try ask(hostKey, typing: typed) == .answered(true))
  }

  @Test func theFingerprintTheServerSentIsAVerifiedYes() throws {
    #expect(try ask(hostKey, typing: Self.fingerprint + "\r") == .verified)
  }

  /// "nein" and "n" are no words here, so the question is asked again;
  /// the old one-key answers took the "n"'s, "o"'s and "c"'s of such
  /// lines as buttons.
  @Test(arguments: ["n\r", "nein\r", "o\r", "c\r", "ok\r", "y\r"])
  func aLineThatAnswersNothingAsksAgain(typed: String) throws {
    #expect(try ask(hostKey, typing: typed, thenAfterAskingAgain: "\u{3}") == .cancelled)
    #expect(
      pty.text.contains("\r\n  ! Type one of the words in brackets, or press Esc to cancel\r\n"))
  }

  @Test func aPastedFingerprintThatDiffersSaysSoAndNeverConnects() throws {
    var pasted = Array(Self.fingerprint)
    pasted[pasted.count - 3] = "o"
    #expect(
      try ask(hostKey, typing: String(pasted) + "\r", thenAfterAskingAgain: "\r")
        == .answered(false))
    #expect(pty.text.contains("\r\n  ! Does not match the fingerprint the server sent\r\n"))
  }

  @Test func whatIsTypedAfterARefusedLineIsDroppedNotAnswered() throws {
    // One paste of two lines: the second may not answer the question the
    // first made ask again.
    #expect(
      try ask(hostKey, typing: "o\rconnect\r", thenAfterAskingAgain: "cancel\r")
        == .answered(false))
  }

  @Test func backspaceAndCtrlUEditTheLineBeforeEnter() throws {
    #expect(try ask(allowKey, typing: "denx\u{7F}y\u{15}allow\r") == .answered(true))
  }

  @Test(arguments: ["\u{3}", "\u{4}", "\u{1B}"])
  func aCancelKeyCancels(key: String) throws {
    #expect(try ask(allowKey, typing: key) == .cancelled)
  }

  @Test func theThirdButtonAnswersOther() throws {
    var question = QuestionDescription(text: "Weak", yes: "Take this one anyway", no: "Cancel")
    question.otherLabel = "Enter new passphrase"
    #expect(try ask(question, typing: "enter\r") == .other)
  }

  @Test func aNoticeClosesWithEnter() throws {
    let notice = QuestionDescription(text: "Confirm user presence", yes: "_Close", no: nil)
    #expect(try ask(notice, typing: "\r") == .answered(true))
  }

  @Test func aWordMayBeInAnyLetterTheTerminalSends() throws {
    let question = QuestionDescription(text: "Öffnen?", yes: "_Öffnen", no: "_Nein")
    #expect(try ask(question, typing: "öffnen\r") == .answered(true))
  }
}
