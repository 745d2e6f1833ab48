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

  private func ask(_ question: QuestionDescription, typing keys: String) throws -> Outcome? {
    let ended = Ended()
    let terminal = try Terminal.open(path: pty.path, locale: nil)
    let report: @MainActor (PromptResult) -> Void = { [weak ended] in ended?.result = $0 }
    let prompt = try #require(
      TerminalQuestion(description: question, terminal: terminal, onFinish: report))
    ended.prompt = prompt
    prompt.present()
    pty.type(keys)
    pump(until: { ended.result != nil })
    prompt.finish(.cancelled)
    return ended.outcome
  }

  private var allowKey: QuestionDescription {
    var question = QuestionDescription(
      text: "Allow use of key /tmp/key?\nKey fingerprint SHA256:abc", yes: "_Yes", no: "_No")
    question.options.title = "OpenSSH"
    return question
  }

  @Test func theTextThenTheKeysAndTheKeyThatAnswered() throws {
    #expect(try ask(allowKey, typing: "y") == .answered(true))
    #expect(
      pty.text
        == "OpenSSH\r\nAllow use of key /tmp/key?\r\nKey fingerprint SHA256:abc\r\n"
        + "\r[y]es / [N]o: y\r\n")
  }

  @Test func enterIsTheSafeAnswer() throws {
    #expect(try ask(allowKey, typing: "\r") == .answered(false))
    #expect(pty.text.hasSuffix("[y]es / [N]o: n\r\n"))
  }

  @Test func aKeyOfNoButtonRingsTheBell() throws {
    #expect(try ask(allowKey, typing: "x\u{7F}N") == .answered(false))
    #expect(pty.text.hasSuffix("[y]es / [N]o: \u{7}\u{7}n\r\n"))
  }

  @Test(arguments: ["\u{3}", "\u{4}", "\u{1B}"])
  func aCancelKeyCancels(key: String) throws {
    #expect(try ask(allowKey, typing: key) == .cancelled)
  }

  @Test func theThirdButtonAnswersOther() throws {
    var question = QuestionDescription(text: "Weak", yes: "Take this one anyway", no: "Cancel")
    question.otherLabel = "Enter new passphrase"
    #expect(try ask(question, typing: "e") == .other)
  }

  @Test func aNoticeClosesWithEnter() throws {
    let notice = QuestionDescription(text: "Confirm user presence", yes: "_Close", no: nil)
    #expect(try ask(notice, typing: "\r") == .answered(true))
  }

  @Test func aKeyMayBeAnyLetterTheTerminalSends() throws {
    let question = QuestionDescription(text: "Öffnen?", yes: "_Öffnen", no: "_Nein")
    #expect(try ask(question, typing: "ö") == .answered(true))
  }
}
