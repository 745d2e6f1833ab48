import Glibc
import LoginFormFrontEnd
import LoginFormLockedMemory
import LoginFormModel
import LoginFormPinentry
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// The conversation both pinentry programs run, against gpg-agent's lines
/// over pipes, with a presenter that records what it is asked: what a
/// shown form asks of the agent, and what the agent's answers do to it.
@MainActor @Suite struct PinentryConversationTests {
  let agent = TestPipe()
  let answers = TestPipe()
  let showing = FakeShowing()
  let conversation: PinentryConversation

  init() throws {
    let host = PinentryHost(
      processID: 7, userID: 1000, groupID: 1000, flavor: "login-form", version: "1.0")
    conversation = try #require(
      PinentryConversation(
        session: PinentrySession(host: host), keyring: .none, environment: LaunchEnvironment(),
        processes: NoProcesses(),
        showing: showing, input: agent.readEnd, output: answers.writeEnd,
        exit: { _ in fatalError("the conversation ended the program") }))
  }

  /// Sends the agent's `lines`, lets the conversation read until the pipe
  /// is empty, and returns what it answered.
  @discardableResult
  private func send(_ lines: String...) -> String {
    agent.write(lines.map { $0 + "\n" }.joined())
    while conversation.read() == .read {}
    return answers.readText()
  }

  /// A new passphrase as `gpg --symmetric` asks gpg-agent 2.2.40 for it
  /// with `enforce-passphrase-constraints`, and a quality bar: its form.
  private func newPassphrase() throws -> FakeForm {
    conversation.start(after: nil)
    _ = answers.readText()
    send(
      "SETPROMPT Passphrase:", "SETGENPIN Suggest", "SETQUALITYBAR Quality:",
      "OPTION constraints-enforce", "OPTION constraints-error-title=Passphrase Not Allowed",
      "SETREPEAT Repeat:")
    #expect(send("GETPIN") == "")
    let form = try #require(showing.form)
    #expect(form.presented)
    return form
  }

  @Test func eachEditIsCheckedAndRatedOneInquiryAtATime() throws {
    let form = try newPassphrase()
    form.type("s")
    #expect(answers.readText() == "INQUIRE CHECKPIN s\n", "the rating waits for the check")
    form.type("sh")
    #expect(answers.readText() == "")
    // The verdict on "s" is not the one on "sh": dropped, and both the
    // check and the rating asked for with "sh".
    #expect(send("D too+short", "END") == "INQUIRE CHECKPIN sh\n")
    #expect(form.verdicts.isEmpty)
    // gpg-agent 2.2.40 follows an accepted check's END with one more.
    #expect(send("END", "END") == "INQUIRE QUALITY sh\n")
    #expect(form.verdicts == [.accepted])
    #expect(send("D 42", "END") == "")
    #expect(form.ratings == [42])
  }

  @Test func aRefusalReachesTheFormInTheAgentsWords() throws {
    let form = try newPassphrase()
    form.type("short")
    send("D Too%20short", "END")
    guard case .refused(let message, _)? = form.verdicts.last else {
      Issue.record("no refusal: \(form.verdicts)")
      return
    }
    #expect(message.contains("Too short"))
  }

  @Test func suggestAsksTheAgentAndFillsTheForm() throws {
    let form = try newPassphrase()
    form.onGenerate?()
    #expect(answers.readText() == "INQUIRE GENPIN\n")
    send("D ybndrfg8ejkmcpqx", "END")
    #expect(form.filled == ["ybndrfg8ejkmcpqx"])
  }

  @Test func aGeneratedPassphraseWithANulIsNotFilledIn() throws {
    let form = try newPassphrase()
    form.onGenerate?()
    send("D abc%00def", "END")
    #expect(form.filled.isEmpty)
  }

  @Test func theFormsEndIsTheAgentsAnswer() throws {
    _ = try newPassphrase()
    let pin = try #require(
      Array("long enough 42!!".utf8).withUnsafeBufferPointer {
        LockedBytes(copying: $0)
      })
    showing.ended?(
      .submitted(SubmittedForm(username: nil, password: pin, passwordWasRepeated: true)))
    #expect(answers.readText() == "S PIN_REPEATED\nD long enough 42!!\nOK\n")
    #expect(send("GETINFO flavor") == "D login-form\nOK\n", "the conversation goes on")
  }

  @Test func aRequestNothingCanShowIsRefusedToTheAgent() throws {
    conversation.start(after: nil)
    _ = answers.readText()
    showing.refusal = .noneNamed
    let answer = send("GETPIN")
    #expect(answer.hasPrefix("ERR "), "the agent was not told: \(answer)")
    #expect(showing.prompts.count == 1)
  }

  @Test func whatTheQuickPinentryHandedOverIsGoneThroughWithoutAnAnswer() throws {
    conversation.start(after: Array("OPTION ttyname=/dev/pts/9\nSETPROMPT PIN:\nGETPIN\n".utf8))
    #expect(answers.readText() == "", "the agent had these answers already")
    #expect(showing.prompts.count == 1)
    guard case .form(let description)? = showing.prompts.first else {
      Issue.record("no form shown")
      return
    }
    #expect(description.passwordLabel == "_PIN")
    showing.ended?(.cancelled)
    #expect(answers.readText().hasPrefix("ERR "), "the shown request's end is answered")
  }

  @Test func aGreetingStartsAConversationThatWasNotHandedOver() {
    conversation.start(after: nil)
    #expect(answers.readText().hasPrefix("OK "))
  }

  @Test func theEndOfInputWithAFormOpenKeepsItForAClientThatStillReads() throws {
    _ = try newPassphrase()
    agent.closeWriteEnd()
    #expect(conversation.read() == .ended)
    guard case .none = conversation.receiveEndOfInput(outputIsRead: true) else {
      Issue.record("the form was not kept for a client that reads its answer")
      return
    }
  }

  @Test func byeEndsTheProgramWithStatusZero() async {
    await #expect(processExitsWith: .exitCode(0)) {
      await Self.converseUntilTheEnd(sending: "BYE\n")
    }
  }

  @Test func theEndOfInputWithNothingShownEndsTheProgramWithStatusZero() async {
    await #expect(processExitsWith: .exitCode(0)) { await Self.converseUntilTheEnd(sending: "") }
  }

  /// In an exit test's process: a conversation that gets `GETINFO`, then
  /// `ending`, then the end of its input. The program ends with 0 when the
  /// conversation ends it as `.submitted`, 9 for another status, and 8
  /// when nothing ended it.
  private static func converseUntilTheEnd(sending ending: String) async {
    let agent = TestPipe()
    let answers = TestPipe()
    let host = PinentryHost(
      processID: 7, userID: 1000, groupID: 1000, flavor: "login-form", version: "1.0")
    await MainActor.run {
      let showing = FakeShowing()
      let conversation = PinentryConversation(
        session: PinentrySession(host: host), keyring: .none, environment: LaunchEnvironment(),
        processes: NoProcesses(),
        showing: showing, input: agent.readEnd, output: answers.writeEnd,
        exit: { exit($0 == .submitted ? 0 : 9) })!
      conversation.start(after: nil)
      agent.write("GETINFO flavor\n" + ending)
      agent.closeWriteEnd()
      while conversation.read() != .ended {}
      conversation.receiveEndOfInput(outputIsRead: false)
      exit(8)
    }
  }
}
