import Glibc
import LoginFormPinentry
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// gpg-agent's side of a channel, over two pipes: it writes into `agent`,
/// which the channel reads, and reads the channel's answers from `answers`.
final class AgentConversation {
  let agent = TestPipe()
  let answers: TestPipe
  let channel: AgentChannel
  /// The events the channel handed on, by name, in order.
  var events: [String] = []

  init() throws {
    let answers = TestPipe()
    let host = PinentryHost(
      processID: 7, userID: 1000, groupID: 1000, flavor: "login-form", version: "1.0")
    channel = try #require(
      AgentChannel(session: PinentrySession(host: host), outputDescriptor: answers.writeEnd))
    self.answers = answers
  }

  /// Sends `text`, lets the channel read once from the pipe, and returns
  /// what it answered.
  func exchange(_ text: String) -> String {
    agent.write(text)
    readOnce()
    return answers.readText()
  }

  /// One read, as the programs' loops do it; returns the byte count.
  @discardableResult
  func readOnce() -> Int {
    let space = channel.prepareForRead()
    let got = read(agent.readEnd, space.baseAddress, space.count)
    if got > 0 {
      channel.receive(count: got) { events.append(Self.name(of: $0)) }
    }
    return got
  }

  static func name(of event: PinentryEvent) -> String {
    switch event {
    case .none: "none"
    case .show: "show"
    case .exit: "exit"
    default: "other"
    }
  }
}
