import CGLib
import CPolkitAgent
import CProcess
import Glibc
import LoginFormFrontEnd
import LoginFormGtk
import LoginFormKeyring
import LoginFormLockedMemory
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// The systemd agent's dealings with the system: reading an ask file, its
/// asker, and the answer's way to the asker's socket.
@MainActor enum AskFile {
  /// Why a file could not be read, in words.
  struct Unreadable: Error {
    let reason: String
  }

  /// The file's bytes, if it is a regular file of root's or this user's,
  /// not a link, and no larger than any ask file; else why not.
  static func read(_ path: String) -> Result<[UInt8], Unreadable> {
    let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      return .failure(Unreadable(reason: String(cString: strerror(errno))))
    }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & UInt32(Glibc.S_IFMT) == UInt32(Glibc.S_IFREG)
    else {
      return .failure(Unreadable(reason: "not a regular file"))
    }
    guard status.st_uid == 0 || status.st_uid == getuid() else {
      return .failure(Unreadable(reason: "owned by another user"))
    }
    // One byte past the largest: too large is then told from just fitting.
    return .success(DescriptorInput.read(fd, limit: AskPasswordQuery.maximumBytes + 1))
  }

  /// Whether `pid` still runs (one of another user's does, too).
  static func isRunning(_ pid: Int) -> Bool {
    kill(pid_t(pid), 0) == 0 || errno == EPERM
  }

  /// Who asks, in words: the system service it runs in, which anyone may
  /// know, else the process as the other modes describe it (only this
  /// user's own).
  static func describe(_ pid: Int) -> String? {
    let processes = ProcFileSystem()
    if let unit = processes.controlGroups(of: pid).flatMap(SystemdUnit.service(fromCgroup:)) {
      return unit
    }
    return Requester.describe(processID: pid, userID: Int(getuid()), processes: processes)
  }

  /// Sends `reply` to the query's socket: directly when this process may
  /// write to it; else through `systemd-reply-password` under pkexec, which
  /// has polkit ask whether the user may answer system queries.
  static func answer(_ query: AskPasswordQuery, with reply: SystemdAgentPlan.Reply) {
    let secret: (any SecretText)?
    switch reply {
    case .none: return
    case .refusal: secret = nil
    case .secret(let password): secret = password
    }
    if access(query.socket, W_OK) == 0 {
      send(secret, to: query.socket)
    } else {
      replyThroughPkexec(secret, to: query.socket)
    }
  }

  private static func send(_ secret: (any SecretText)?, to socket: String) {
    let size = secret.map { $0.withUTF8 { $0.count } } ?? 0
    guard let datagram = LockedBytes(capacity: 1 + size) else {
      Diagnostics.warn(FrontEndFailure.noLockedMemoryLeft(for: .password).description)
      return
    }
    var sink = datagram
    if let secret {
      secret.withUTF8 { AskPasswordReply.encode(secret: $0, into: &sink) }
    } else {
      AskPasswordReply.encodeRefusal(into: &sink)
    }
    let sent = datagram.withUTF8 { lf_send_datagram(socket, $0.baseAddress, $0.count) }
    datagram.removeAll()
    if sent != 0 {
      Diagnostics.warn("\(socket): \(String(cString: strerror(errno)))")
    }
  }

  /// The reply helper reads the password from its standard input (never
  /// argv), and sends `+` and it, or `-` for "0".
  private static func replyThroughPkexec(_ secret: (any SecretText)?, to socket: String) {
    let helper = replyHelper()
    var argv: [UnsafeMutablePointer<gchar>?] = [
      g_strdup("pkexec"), g_strdup(helper), g_strdup(secret == nil ? "0" : "1"), g_strdup(socket),
      nil,
    ]
    defer { for argument in argv { g_free(argument) } }
    var pid: GPid = 0
    var input: Int32 = -1
    var error: UnsafeMutablePointer<GError>?
    let flags = GSpawnFlags(
      rawValue: G_SPAWN_SEARCH_PATH.rawValue | G_SPAWN_DO_NOT_REAP_CHILD.rawValue)
    guard
      g_spawn_async_with_pipes(nil, &argv, nil, flags, nil, nil, &pid, &input, nil, nil, &error)
        != 0
    else {
      Diagnostics.warn("pkexec \(helper): \(takeMessage(error))")
      return
    }
    // A helper that went away has said why itself.
    _ = secret?.withUTF8 { DescriptorOutput.write($0, to: input) }
    close(input)
    g_child_watch_add(pid, { pid, _, _ in g_spawn_close_pid(pid) }, nil)
  }

  /// The reply helper, spelled as systemd's polkit action names it: pkexec
  /// before polkit 127 takes the action whose path is exactly what it was
  /// given, so another spelling (/usr/lib for Debian 12's /lib) would ask
  /// to "run a program as the super user" instead of in systemd's words.
  private static func replyHelper() -> String {
    guard let program = lf_polkit_action_program("org.freedesktop.systemd1.reply-password")
    else {
      // polkitd cannot be asked: pkexec will say so.
      return "/usr/lib/systemd/systemd-reply-password"
    }
    defer { lf_polkit_free(program) }
    return String(cString: program)
  }
}
