import CProcess
import Glibc
import LoginFormFrontEnd
import LoginFormKeyring
import LoginFormLockedMemory
import LoginFormPinentry
import LoginFormPrompt
import LoginFormProtocols
import LoginFormStreams

/// gpg-agent's conversation up to the first request that has to be shown:
/// options, settings, `GETINFO`, `CLEARPASSPHRASE` and `GETPIN`s the
/// password manager answers, in the same `PinentryConversation` as
/// login-form's own pinentry mode, read blocking. At the first request
/// that has to be shown it becomes login-form (see `HandOff`).
@MainActor final class QuickPinentry: PinentryShowing {
  private let store: RecordingPasswordStore
  private var conversation: PinentryConversation?
  /// Every byte the agent sent, for login-form to go through again.
  private var transcript: [UInt8] = []

  /// A pinentry started with `launch`; nil when the locked memory the
  /// mode needs is not there.
  init?(launch: PinentryLaunch) {
    let session = PinentryFrontEnd.session(
      processID: Int(getpid()), userID: Int(geteuid()), groupID: Int(getegid()), launch: launch)
    store = RecordingPasswordStore(SecretServiceStore())
    guard LockedRegion.canLock(12_288),
      let conversation = PinentryConversation(
        session: session, keyring: Keyring(store: store, warn: Diagnostics.warn),
        environment: LaunchEnvironment(),
        processes: ProcFileSystem(),
        showing: self,
        // Nothing secret is left in the buffers: each answer's went as it
        // was written, and the conversation wipes what it read.
        exit: { exit($0.rawValue) })
    else { return nil }
    self.conversation = conversation
    conversation.onRead = { [unowned self] in transcript.append(contentsOf: $0) }
  }

  /// Greets the agent and serves it until it says BYE, goes away, or sends
  /// a request that has to be shown.
  func serve() -> Never {
    guard let conversation else { exit(2) }
    conversation.start(after: nil)
    while true {
      switch conversation.read() {
      case .read: continue
      case .wouldBlock:
        // An agent's non-blocking pipe: wait for it, as login-form's loop does.
        var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, -1)
      case .ended:
        conversation.receiveEndOfInput(outputIsRead: !lf_reader_is_gone(1))
        conversation.exitNow(status: .submitted)
      }
    }
  }

  /// A request the password manager did not answer: login-form shows it.
  func show(
    _ prompt: Prompt, options: PinentryOptions,
    ended: @escaping @MainActor (PromptResult) -> Void
  ) -> PinentryShowOutcome {
    handOver()
  }

  /// Becomes login-form, which goes through the conversation again and
  /// shows the request.
  private func handOver() -> Never {
    conversation?.channel.wipeInput()
    let record = HandOff(storeEvents: store.events, transcript: transcript)
    Self.becomeLoginForm(handing: record)
  }

  /// Becomes login-form in pinentry mode, with this process's arguments,
  /// handing it `record` if any. login-form picks its mode from its name:
  /// kept when it is pinentry's (pinentry-login-form, or pinentry as the
  /// alternative), else given.
  static func becomeLoginForm(handing record: HandOff? = nil) -> Never {
    let arguments = CommandLine.arguments
    let name = arguments[0].split(separator: "/").last ?? ""
    let program = name.hasPrefix("pinentry") ? [arguments[0]] : ["pinentry-login-form"]
    HandOver.becomeLoginForm(arguments: program + arguments.dropFirst(), handing: record)
  }
}
