import CGettext
import CPolkitAgent
import Glibc
import LoginFormFrontEnd
import LoginFormMainLoop
import LoginFormPrompt
import LoginFormStreams

/// polkit's authentication agent (`login-form --polkit-agent`): registered
/// for the user's login session, or for one process (`--process=PID`), it
/// shows polkitd's requests one at a time, in the order they came, and
/// registers again when polkitd comes back after a restart.
@MainActor package final class PolkitAgent {
  private let environment: LaunchEnvironment
  private let processID: Int?
  private var agent: OpaquePointer?
  private var presenter: (any PromptPresenter)?
  /// In the order polkitd asked; the first is the one shown.
  private var queue: [PolkitAuthentication] = []
  private var isDaemonRunning = true
  /// The session's screen lock, where logind knows it.
  private var lock: SessionLock?

  package init(environment: LaunchEnvironment, processID: Int?) {
    self.environment = environment
    self.processID = processID
  }

  /// Registers and serves until the process is stopped; a failure to
  /// register ends it with one line.
  package func serve() -> Never {
    switch PresenterChoice.first(in: .forPolkitAgent) {
    case .failure(let failure): Standard.fail(failure)
    case .success(let choice): presenter = choice.presenter
    }
    _ = PromptLoop.onInterruption { [self] _ in stop() }
    watchLock()
    var callbacks = LfPolkitListenerCallbacks(
      begin: { context, request in
        MainActor.assumeIsolated { PolkitAgent.of(context).begin(request!) }
      },
      cancelled: { context, request in
        MainActor.assumeIsolated { PolkitAgent.of(context).cancelled(request!) }
      })
    agent = lf_polkit_agent_new(&callbacks, Unmanaged.passUnretained(self).toOpaque())
    if let reason = register() {
      Standard.fail(.polkitAgentNotRegistered(reason, forSession: processID == nil))
    }
    _ = lf_polkit_agent_watch_daemon(agent) { context, running in
      MainActor.assumeIsolated { PolkitAgent.of(context).daemonChanged(running: running != 0) }
    }
    PromptLoop.runForever()
  }

  private static func of(_ context: UnsafeMutableRawPointer?) -> PolkitAgent {
    Unmanaged<PolkitAgent>.fromOpaque(context!).takeUnretainedValue()
  }

  /// Registers; nil, or why not.
  private func register() -> String? {
    var message: UnsafeMutablePointer<CChar>?
    guard lf_polkit_agent_register(agent, Int32(processID ?? 0), &message) == 0 else {
      defer { lf_polkit_free(message) }
      return message.map { String(cString: $0) } ?? ""
    }
    if let processID {
      Diagnostics.debug("polkit agent: registered for process \(processID)")
    } else {
      Diagnostics.debug("polkit agent: registered for the login session")
    }
    return nil
  }

  /// polkitd left (its requests went with it) or came back: a new polkitd
  /// knows no agent until told.
  private func daemonChanged(running: Bool) {
    guard running != isDaemonRunning else { return }
    isDaemonRunning = running
    guard running else {
      Diagnostics.debug("polkit agent: polkitd is gone")
      for authentication in queue { authentication.withdraw() }
      return
    }
    lf_polkit_agent_unregister(agent)
    if let reason = register() {
      Diagnostics.warn(
        formatted(
          // TRANSLATORS: %s is polkit's reason.
          localized("polkitd is back, but registering with it failed: %s"), reason))
    } else {
      Diagnostics.debug("polkit agent: registered again")
    }
  }

  private func begin(_ request: OpaquePointer) {
    let details = Self.details(of: request)
    guard let user = PolkitAgentPlan.chosenUser(among: details.users, currentUserID: getuid())
    else {
      Diagnostics.warn(
        formatted(
          // TRANSLATORS: %s is a polkit action, such as org.freedesktop.policykit.exec.
          localized("polkit asked for %s with no user to authenticate as"), details.actionID))
      lf_polkit_request_finish(request, LF_POLKIT_FAILED)
      return
    }
    let requester = details.askerCandidates.lazy.compactMap(AskFile.describe).first
    let form = PolkitAgentPlan.form(
      for: details, user: user, requester: requester, environment: environment)
    let authentication = PolkitAuthentication(
      request: request, form: form, user: user, users: details.users,
      passwordPrompts: Self.passwordPrompts)
    authentication.onEnd = { [weak self, weak authentication] in
      guard let self, let authentication else { return }
      let wasFirst = queue.first === authentication
      queue.removeAll { $0 === authentication }
      // The window goes first: the next is shown once this one has gone.
      if wasFirst { MainLoopSource.idle { [weak self] in self?.startFirst() } }
    }
    queue.append(authentication)
    if queue.count == 1 { startFirst() }
  }

  private func cancelled(_ request: OpaquePointer) {
    queue.first { $0.request == request }?.withdraw()
  }

  private func startFirst() {
    guard let first = queue.first, !first.isStarted, let presenter else { return }
    guard lock?.isLocked != true else {
      Diagnostics.debug("polkit agent: the session is locked; the request waits")
      return
    }
    first.start(with: presenter)
  }

  /// Nothing is shown while the session is locked: a window would wait
  /// under the locker, where nobody can see what asks. A shown window stays.
  private func watchLock() {
    switch SessionLock.watch() {
    case .failure(let why):
      Diagnostics.debug("polkit agent: the screen lock cannot be known: \(why.reason)")
    case .success(let lock):
      self.lock = lock
      lock.onChange = { [weak self] (isLocked: Bool) in
        Diagnostics.debug("polkit agent: the session is \(isLocked ? "locked" : "unlocked")")
        if !isLocked { self?.startFirst() }
      }
    }
  }

  /// Ends the shown window without an answer and exits. polkitd drops the
  /// registration when the agent leaves the bus; asking it to would fail,
  /// with a warning, once the registered process is gone.
  private func stop() {
    for authentication in queue { authentication.withdraw() }
    Standard.exit(.cancelled)
  }

  /// What polkitd said of `request`, with each user's name.
  private static func details(of request: OpaquePointer) -> PolkitRequest {
    let users = (0..<lf_polkit_request_user_count(request)).compactMap { index in
      let id = lf_polkit_request_user_id(request, index)
      return userName(of: id).map { PolkitUser(id: id, name: $0) }
    }
    return PolkitRequest(
      actionID: String(cString: lf_polkit_request_action_id(request)),
      message: String(cString: lf_polkit_request_message(request)),
      callerProcessID: PolkitRequest.processID(
        fromDetail: lf_polkit_request_detail(request, "polkit.caller-pid").map(String.init)),
      subjectProcessID: PolkitRequest.processID(
        fromDetail: lf_polkit_request_detail(request, "polkit.subject-pid").map(String.init)),
      users: users)
  }

  private static func userName(of id: UInt32) -> String? {
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getpwuid_r(id, &entry, &buffer, buffer.count, &found) == 0, found != nil,
      let name = entry.pw_name
    else { return nil }
    return String(cString: name)
  }

  /// PAM's usual password question, as pam_unix asks it in English and in
  /// the user's language.
  private static let passwordPrompts: Set<String> = [
    "Password: ", String(cString: dgettext("Linux-PAM", "Password: ")),
  ]
}
