import Glibc
import LoginFormPinentry
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// The pinentry's channel to gpg-agent over real pipes: the agent's bytes
/// read into the channel's locked input and cut into lines, the answers
/// written to the output after each exchange, and the end of input.
@Suite struct AgentChannelTests {
  @Test func eachLineReadIsAnsweredOnTheOutput() throws {
    let conversation = try AgentConversation()
    #expect(
      conversation.exchange("SETDESC Unlock the key\nGETINFO flavor\n")
        == "OK\nD login-form\nOK\n")
    #expect(conversation.events == ["none", "none"])
  }

  @Test func aLineSplitAcrossReadsIsAnsweredOnlyOnceWhole() throws {
    let conversation = try AgentConversation()
    #expect(conversation.exchange("SETPR").isEmpty)
    #expect(conversation.exchange("OMPT PIN:\nNOP\n") == "OK\nOK\n")
  }

  @Test func thePINGoesOutThroughTheChannelsLockedOutput() throws {
    let conversation = try AgentConversation()
    #expect(conversation.exchange("GETPIN\n").isEmpty)
    #expect(conversation.events == ["show"])
    let pin = Array("s3cret%".utf8)
    let event = conversation.channel.answer { session, sink in
      pin.withUnsafeBufferPointer { try? session.submit(pin: $0, repeated: false, into: &sink) }
    }
    #expect(event.map(AgentConversation.name) == "none")
    #expect(conversation.answers.readText() == "D s3cret%25\nOK\n")
  }

  @Test func aMutedChannelAnswersNothingUntilItSpeaksAgain() throws {
    let conversation = try AgentConversation()
    conversation.channel.isMuted = true
    #expect(conversation.exchange("SETDESC Already answered\n").isEmpty)
    conversation.channel.isMuted = false
    #expect(conversation.exchange("NOP\n") == "OK\n")
  }

  @Test func bytesReadBeforeAHandOffAreAnsweredInOrderHoweverMany() throws {
    let conversation = try AgentConversation()
    // More than the channel's input region holds at once.
    let lines = (0..<1500).map { "SETDESC \($0)\n" }.joined()
    conversation.channel.receive(Array(lines.utf8)) { _ in }
    let answers = conversation.answers.readText()
    #expect(answers == String(repeating: "OK\n", count: 1500))
  }

  @Test func theEndOfInputEndsTheConversation() throws {
    let conversation = try AgentConversation()
    conversation.agent.write("NOP\n")
    conversation.agent.closeWriteEnd()
    #expect(conversation.readOnce() == 4)
    #expect(conversation.readOnce() == 0)
    let end = conversation.channel.receiveEndOfInput(outputIsRead: true)
    #expect(AgentConversation.name(of: end) == "exit")
    #expect(conversation.channel.session.hasEnded)
    #expect(conversation.answers.readText() == "OK\n")
  }

  @Test func wipingTheInputLeavesNothingOfAPartLineBehind() throws {
    let conversation = try AgentConversation()
    let region = conversation.channel.prepareForRead()
    conversation.agent.write("D generated-passphrase")
    conversation.readOnce()
    #expect(region.prefix(22).elementsEqual("D generated-passphrase".utf8))
    conversation.channel.wipeInput()
    #expect(region.allSatisfy { $0 == 0 })
  }
}
