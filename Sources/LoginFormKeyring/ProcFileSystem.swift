import Glibc
import LoginFormFrontEnd
import LoginFormLockedMemory

/// The processes of this machine as /proc tells them, for `Requester`.
package struct ProcFileSystem: Requester.Processes {
  package init() {}

  package func name(of processID: Int) -> String? {
    read(processID, "comm").map { String(decoding: $0, as: UTF8.self) }.map {
      $0.hasSuffix("\n") ? String($0.dropLast()) : $0
    }
  }

  package func executable(of processID: Int) -> String? {
    var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/\(processID)/exe", &target, target.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: target.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  package func isFile(_ path: String, sameAs program: String) -> Bool {
    var named = stat()
    var running = stat()
    return stat(path, &named) == 0 && stat(program, &running) == 0
      && (named.st_dev, named.st_ino) == (running.st_dev, running.st_ino)
  }

  package func parent(of processID: Int) -> Int? {
    // "PID (COMM) STATE PPID …": the name may hold spaces and parentheses,
    // so the fields are counted from the last ")".
    guard let stat = read(processID, "stat"), let close = stat.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count > 1 else { return nil }
    return Int(String(decoding: fields[1], as: UTF8.self))
  }

  package func commandLine(of processID: Int) -> [String]? {
    read(processID, "cmdline").map { bytes in
      bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
  }

  package func realUserID(of processID: Int) -> Int? {
    status(of: processID)?["Uid"]?.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
  }

  /// The process that traces `processID`, 0 for none; nil when /proc
  /// cannot say.
  package func tracer(of processID: Int) -> Int? {
    status(of: processID)?["TracerPid"].flatMap { Int($0) }
  }

  /// The control groups of a process (`/proc/PID/cgroup`, which anyone
  /// may read); nil when the file cannot be read.
  package func controlGroups(of processID: Int) -> String? {
    read(processID, "cgroup").map { String(decoding: $0, as: UTF8.self) }
  }

  /// The fields of /proc/PID/status; nil when the file cannot be read.
  package func status(of processID: Int) -> ProcessStatus? {
    read(processID, "status").map(ProcessStatus.init(bytes:))
  }

  /// The first 4 KiB of /proc/PID/FILE, or nil when it cannot be read.
  private func read(_ processID: Int, _ file: String) -> [UInt8]? {
    let descriptor = open("/proc/\(processID)/\(file)", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return DescriptorInput.read(descriptor, limit: 4096)
  }
}
