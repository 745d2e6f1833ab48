import CProcess
import Glibc
import LoginFormFrontEnd
import LoginFormKeyring
import LoginFormLockedMemory
import LoginFormPinentry
import LoginFormPrompt
import LoginFormProtocols

/// gpg-agent's conversation up to the first request that has to be shown:
/// options, settings, `GETINFO`, `CLEARPASSPHRASE` and `GETPIN`s the
/// password manager answers, through the same session and password-cache
/// rules as login-form's own pinentry mode. At the first request that has
/// to be shown it becomes login-form (see `PinentryHandOff`).
final class QuickPinentry {
  private let channel: AgentChannel
  private let store: RecordingPasswordStore
  private let keyring: Keyring
  /// Every byte the agent sent, for login-form to go through again.
  private var transcript: [UInt8] = []

  /// A pinentry started with `launch`; nil when the locked memory the
  /// mode needs is not there.
  init?(launch: PinentryLaunch) {
    let session = PinentryFrontEnd.session(
      processID: Int(getpid()), userID: Int(geteuid()), groupID: Int(getegid()), launch: launch)
    guard LockedRegion.canLock(12_288), let channel = AgentChannel(session: session) else {
      return nil
    }
    self.channel = channel
    store = RecordingPasswordStore(SecretServiceStore())
    keyring = Keyring(store: store, warn: Self.warn)
  }

  /// Greets the agent and serves it until it says BYE, goes away, or sends
  /// a request that has to be shown.
  func serve() -> Never {
    channel.answer { $0.writeGreeting(into: &$1) }
    while true {
      let space = channel.prepareForRead()
      let got = read(0, space.baseAddress, space.count)
      if got < 0, errno == EINTR { continue }
      if got < 0, errno == EAGAIN {
        // An agent's non-blocking pipe: wait for it, as login-form's loop does.
        var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, -1)
        continue
      }
      guard got > 0 else {
        handle(channel.receiveEndOfInput(outputIsRead: !lf_reader_is_gone(1)))
        end()
      }
      transcript.append(contentsOf: UnsafeBufferPointer(rebasing: space[..<got]))
      channel.receive(count: got, handle: handle)
    }
  }

  private func handle(_ event: PinentryEvent) {
    switch event {
    case .none: break
    case .show(let request):
      // As login-form does: the password manager's failures are said in
      // the client's language, which the agent passes as an option.
      if let language = request.options.lcMessages { setlocale(LC_MESSAGES, language) }
      let answered = channel.answer {
        PinentryPasswordCache.answerFromCache(request, session: &$0, keyring: keyring, into: &$1)
      }
      guard let next = answered else { handOver() }
      handle(next)
    case .clearPassphrase(let key):
      handle(
        channel.answer {
          PinentryPasswordCache.clear(keyInfo: key, session: &$0, keyring: keyring, into: &$1)
        })
    case .exit: end()
    // These come only while a window is open, and none is here.
    case .quality, .generatedPIN, .pinChecked, .pinWanted: break
    }
  }

  /// Ends the process as login-form's pinentry mode does: nothing secret
  /// left in the buffers (each answer's went as it was written).
  private func end() -> Never {
    channel.wipeInput()
    exit(0)
  }

  /// Becomes login-form, which goes through the conversation again and
  /// shows the request.
  private func handOver() -> Never {
    channel.wipeInput()
    let record = PinentryHandOff(storeEvents: store.events, transcript: transcript)
    Self.becomeLoginForm(handing: record.encoded())
  }

  /// Executes login-form (the binary beside this one) in pinentry mode
  /// with this process's arguments, handing it `record` if any.
  static func becomeLoginForm(handing record: [UInt8]?) -> Never {
    if let record {
      let descriptor = record.withUnsafeBytes { lf_hand_off_file($0.baseAddress, $0.count) }
      guard descriptor >= 0 else {
        fail(formatted(localized("Cannot hand the request over: %s"), reason(errno)))
      }
      setenv(PinentryHandOff.environmentVariable, String(descriptor), 1)
    }
    guard let path = loginFormPath else {
      fail(formatted(localized("Cannot find login-form: %s"), reason(errno)))
    }
    let arguments = CommandLine.arguments
    // login-form picks its mode from its name: kept when it is pinentry's
    // (pinentry-login-form, or pinentry as the alternative), else given.
    let name = arguments[0].split(separator: "/").last ?? ""
    let program = name.hasPrefix("pinentry") ? [arguments[0]] : ["pinentry-login-form"]
    let argv = (program + arguments.dropFirst()).map { strdup($0) } + [nil]
    execv(path, argv)
    let shown = path.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    fail(formatted(localized("Cannot start %s: %s"), shown, reason(errno)))
  }

  /// login-form's path, as the C string `execv` takes: beside this
  /// program, as installed and as built, byte for byte (a directory's name
  /// need not be UTF-8).
  private static var loginFormPath: [CChar]? {
    var own = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &own, own.count - 1)
    guard count > 0, let slash = own[..<count].lastIndex(of: CChar(UInt8(ascii: "/"))) else {
      return nil
    }
    return Array(own[...slash]) + "login-form".utf8CString
  }

  private static func reason(_ errorNumber: Int32) -> String {
    String(cString: strerror(errorNumber))
  }

  private static func warn(_ message: String) {
    var line = "login-form: " + message + "\n"
    _ = line.withUTF8 { DescriptorOutput.write($0, to: 2) }
  }

  private static func fail(_ message: String) -> Never {
    warn(message)
    exit(2)
  }
}
