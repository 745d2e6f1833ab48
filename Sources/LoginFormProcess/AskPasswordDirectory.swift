import CGio
import LoginFormGtk
import LoginFormPrompt

/// One directory that systemd's askers put `ask.*` files in, watched with a
/// GIO monitor: each file is reported as it appears (whole, if the asker
/// moved a finished file into place, as systemd does), again once it is
/// closed after writing, and once as it goes.
@MainActor final class AskPasswordDirectory {
  /// The directory.
  let path: String
  private let monitor: UnsafeMutablePointer<GFileMonitor>
  private let found: @MainActor (String, Bool) -> Void
  private let gone: @MainActor (String) -> Void

  /// Watches `path` (which need not exist yet) and reports the ask files
  /// already there; nil when GIO cannot watch it.
  init?(
    path: String, found: @escaping @MainActor (String, Bool) -> Void,
    gone: @escaping @MainActor (String) -> Void
  ) {
    self.path = path
    self.found = found
    self.gone = gone
    let directory = g_file_new_for_path(path)
    defer { g_object_unref(UnsafeMutableRawPointer(directory)) }
    var error: UnsafeMutablePointer<GError>?
    guard let monitor = g_file_monitor_directory(directory, G_FILE_MONITOR_NONE, nil, &error)
    else {
      Diagnostics.warn("\(path): \(takeMessage(error))")
      return nil
    }
    self.monitor = monitor
    g_signal_connect_data(
      monitor, "changed", unsafeBitCast(changedTrampoline, to: GCallback.self),
      Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
    for name in Self.askFiles(in: path) { found(path + "/" + name, true) }
  }

  isolated deinit {
    g_signal_handlers_disconnect_matched(
      monitor, G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, Unmanaged.passUnretained(self).toOpaque())
    g_file_monitor_cancel(monitor)
    g_object_unref(monitor)
  }

  /// Whether `name` is an ask file's: systemd writes `tmp.*` and renames it.
  static func isAskFile(_ name: String) -> Bool { name.hasPrefix("ask.") }

  fileprivate func changed(_ path: String, _ event: GFileMonitorEvent) {
    guard Self.isAskFile(path.split(separator: "/").last.map(String.init) ?? "") else { return }
    switch event {
    // A file moved into place is whole when it is created; one written in
    // place only once it is closed.
    case G_FILE_MONITOR_EVENT_CREATED: found(path, false)
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT: found(path, true)
    case G_FILE_MONITOR_EVENT_DELETED: gone(path)
    default: break
    }
  }

  /// The ask files in `path`, sorted, for a stable order at start.
  private static func askFiles(in path: String) -> [String] {
    guard let directory = g_dir_open(path, 0, nil) else { return [] }
    defer { g_dir_close(directory) }
    var names: [String] = []
    while let name = g_dir_read_name(directory) {
      let text = String(cString: name)
      if isAskFile(text) { names.append(text) }
    }
    return names.sorted()
  }
}

/// GIO emits "changed" on the main context, so on the main thread.
private let changedTrampoline:
  @convention(c) (
    UnsafeMutablePointer<GFileMonitor>?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent,
    UnsafeMutableRawPointer?
  ) -> Void = { _, file, _, event, data in
    guard let data, let file, let cPath = g_file_get_path(file) else { return }
    let path = String(cString: cPath)
    g_free(cPath)
    let address = UInt(bitPattern: data)
    MainActor.assumeIsolated {
      let directory = Unmanaged<AskPasswordDirectory>.fromOpaque(
        UnsafeRawPointer(bitPattern: address)!
      ).takeUnretainedValue()
      directory.changed(path, event)
    }
  }
