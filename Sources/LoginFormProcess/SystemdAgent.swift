import CGLib
import CProcess
import Glibc
import LoginFormFrontEnd
import LoginFormKeyring
import LoginFormLockedMemory
import LoginFormMainLoop
import LoginFormPrompt
import LoginFormProtocols
import LoginFormStreams

/// systemd's password agent (`login-form --systemd-agent`): watches the
/// directories askers write `ask.*` files into, shows one query at a time
/// where a prompt can be shown (a window, else the terminal), and answers
/// each on its socket. A query goes away, window and all, when its file
/// does (answered elsewhere, or the asker gave up), when its asker ends, or
/// when its deadline passes.
@MainActor package final class SystemdAgent {
  /// A query found and not yet answered or withdrawn.
  private final class Pending {
    let path: String
    let query: AskPasswordQuery
    let form: FormDescription
    var sources: [guint] = []
    var pidfd: Int32 = -1
    var shown: PresentedPrompt?

    init(path: String, query: AskPasswordQuery, form: FormDescription) {
      self.path = path
      self.query = query
      self.form = form
    }
  }

  private let environment: LaunchEnvironment
  private var directories: [AskPasswordDirectory] = []
  /// In the order they were found; the first is the one shown.
  private var queue: [Pending] = []
  /// Files already answered or skipped, until they are gone: an asker
  /// removes its file only after it read the answer.
  private var settled: Set<String> = []

  /// The system's directory, and the user's (systemd ≥ 257) where it exists.
  package static func directories(runtimeDirectory: String?) -> [String] {
    var paths = ["/run/systemd/ask-password"]
    if let runtimeDirectory, !runtimeDirectory.isEmpty {
      let user = runtimeDirectory + "/systemd/ask-password"
      if g_file_test(user, G_FILE_TEST_IS_DIR) != 0 { paths.append(user) }
    }
    return paths
  }

  package init(environment: LaunchEnvironment) {
    self.environment = environment
  }

  /// Serves until the process is stopped.
  package func serve() -> Never {
    _ = PromptLoop.onInterruption { [self] _ in stop() }
    for path in Self.directories(runtimeDirectory: environment.runtimeDirectory) {
      if let directory = AskPasswordDirectory(
        path: path, found: { [weak self] in self?.found($0, isWritten: $1) },
        gone: { [weak self] in self?.gone($0) })
      {
        directories.append(directory)
        Diagnostics.debug("systemd agent: watching \(path)")
      }
    }
    guard !directories.isEmpty else { Standard.fail(.systemdAgentHasNoDirectory) }
    PromptLoop.runForever()
  }

  /// Ends the shown window without an answer (another agent may give one)
  /// and exits.
  private func stop() {
    for pending in queue { pending.shown?.surface.finish(.interrupted(signal: SIGTERM)) }
    Standard.exit(.cancelled)
  }

  /// A file appeared (`isWritten` false: it may still be being written,
  /// as a file created in place rather than moved there is) or was closed
  /// after writing (`isWritten`). Only a written file that does not read
  /// is given up on.
  private func found(_ path: String, isWritten: Bool) {
    guard !settled.contains(path), !queue.contains(where: { $0.path == path }) else { return }
    var problem: String?
    var query: AskPasswordQuery?
    switch AskFile.read(path) {
    case .success(let bytes):
      do throws(AskPasswordQueryError) {
        query = try AskPasswordQuery(parsing: bytes)
      } catch {
        problem = error.description
      }
    case .failure(let failure):
      problem = failure.reason
    }
    guard let query else {
      if isWritten {
        settled.insert(path)
        Diagnostics.warn("\(path): \(problem ?? ""); not asked")
      } else {
        Diagnostics.debug("systemd agent: \(path) not whole yet: \(problem ?? "")")
      }
      return
    }
    let asker = query.processID
    let decision = SystemdAgentPlan.decide(
      query, now: UInt64(g_get_monotonic_time()),
      askerIsAlive: asker.map(AskFile.isRunning) ?? true,
      requester: asker.flatMap(AskFile.describe), environment: environment)
    switch decision {
    case .skip(let why):
      settled.insert(path)
      Diagnostics.debug("systemd agent: \(path) not asked: \(why)")
    case .ask(let form, let deadline):
      let pending = Pending(path: path, query: query, form: form)
      watch(pending, asker: asker, deadline: deadline)
      queue.append(pending)
      if queue.count == 1 { showFirst() }
    }
  }

  /// The file went: its query was answered, or its asker gave up. Its
  /// name may come again, for another query.
  private func gone(_ path: String) {
    withdraw(path, because: "its file is gone")
    settled.remove(path)
  }

  private func withdraw(_ path: String, because why: String) {
    guard let index = queue.firstIndex(where: { $0.path == path }) else { return }
    let pending = queue.remove(at: index)
    settled.insert(path)
    release(pending)
    Diagnostics.debug("systemd agent: \(path) withdrawn: \(why)")
    guard index == 0 else { return }
    // Also when the first could not be shown: the next may be.
    if let shown = pending.shown {
      pending.shown = nil
      shown.surface.finish(.interrupted(signal: 0))
    }
    showFirst()
  }

  /// Closes the query when its asker ends (a pidfd turns readable) or its
  /// deadline passes.
  private func watch(_ pending: Pending, asker: Int?, deadline: UInt64?) {
    let path = pending.path
    if let asker {
      pending.pidfd = lf_pidfd_open(Int32(asker))
      if pending.pidfd >= 0 {
        pending.sources.append(
          MainLoopSource.readable(pending.pidfd) { [weak self] in
            self?.withdraw(path, because: "its asker ended")
            return false
          })
      }
    }
    if let deadline {
      let now = UInt64(g_get_monotonic_time())
      let milliseconds = deadline > now ? min((deadline - now + 999) / 1000, UInt64(UInt32.max)) : 0
      pending.sources.append(
        MainLoopSource.repeating(milliseconds: UInt32(milliseconds)) { [weak self] in
          self?.withdraw(path, because: "its time is up")
          return false
        })
    }
  }

  private func release(_ pending: Pending) {
    for source in pending.sources { MainLoopSource.remove(source) }
    pending.sources = []
    if pending.pidfd >= 0 { close(pending.pidfd) }
    pending.pidfd = -1
  }

  /// Shows the first query of the queue, if there is one and none shows.
  private func showFirst() {
    guard let pending = queue.first, pending.shown == nil else { return }
    let plan = PresenterPlan.forProcess(forcesTerminal: false)
    switch PresenterChoice.first(in: plan) {
    case .failure(let failure):
      Diagnostics.warn(failure.description)
    case .success(let choice):
      if pending.form.shape.contains(.password), !LockedRegion.canLock(4096) {
        Diagnostics.warn(FrontEndFailure.cannotLockMemory.description)
        return
      }
      let path = pending.path
      guard
        let shown = choice.presenter.show(
          .form(pending.form),
          onFinish: { [weak self] result in
            self?.ended(path, result)
          })
      else {
        Diagnostics.warn(FrontEndFailure.noLockedMemoryLeft(for: .password).description)
        return
      }
      pending.shown = shown
      shown.surface.present()
    }
  }

  private func ended(_ path: String, _ result: PromptResult) {
    // A withdrawn query has left the queue: its end is no answer.
    guard let pending = queue.first, pending.path == path, pending.shown != nil else { return }
    queue.removeFirst()
    settled.insert(path)
    release(pending)
    pending.shown = nil
    AskFile.answer(pending.query, with: SystemdAgentPlan.reply(to: result))
    // The window goes first: the next is shown once this one has gone.
    MainLoopSource.idle { [weak self] in self?.showFirst() }
  }
}
