import CGtk
import LoginFormPrompt

/// Opening the display, with errors that name what failed, and the end of the
/// process when the X server goes away.
package enum DisplayConnection {
  /// The status the process exits with when the X server connection is lost.
  nonisolated(unsafe) fileprivate static var lostStatus: Int32 = 1

  /// Prepares the process environment: with no session bus, GLib and the
  /// accessibility bridge would launch a bus daemon (X11 autolaunch) that
  /// outlives the prompt, so they are told there is none.
  package static func prepareEnvironment() {
    let hasAddress = g_getenv("DBUS_SESSION_BUS_ADDRESS").map { $0.pointee != 0 } ?? false
    let userBus = String(borrowing: g_getenv("XDG_RUNTIME_DIR")) + "/bus"
    guard !hasAddress, g_getenv("XDG_RUNTIME_DIR") == nil || access(userBus, F_OK) != 0 else {
      return
    }
    // "disabled:" is no transport libdbus or GDBus knows, so every attempt
    // fails at once instead of autolaunching; there is no screen reader
    // without a session bus, so the bridge is not loaded either.
    g_setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", true.gboolean)
    g_setenv("NO_AT_BRIDGE", "1", true.gboolean)
  }

  /// No display could be opened.
  package struct Unavailable: Error {
    /// One line that names each display that was tried (WAYLAND_DISPLAY,
    /// DISPLAY).
    package let description: String
  }

  /// Initialises GTK on the default display. A lost connection to the X
  /// server or the Wayland compositor later exits with `lostStatus`.
  @MainActor package static func open(lostStatus: Int32) throws(Unavailable) {
    guard gtk_init_check(nil, nil) != 0 else {
      throw Unavailable(description: failureDescription())
    }
    Self.lostStatus = lostStatus
    if let display = gdk_display_get_default() { WindowActivation.displayDidOpen(display) }
    if let display = gdk_display_get_default(), lf_is_x11_display(display) != 0 {
      XSetIOErrorHandler(xConnectionLost)
    } else {
      // GDK's Wayland backend says so in a message and exits with 1, the
      // status for Cancel, which git would read as the user's answer.
      g_log_set_writer_func(waylandLostWriter, nil, nil)
    }
  }

  /// What failed, clause by clause: each backend GDK tried and the variable
  /// that named its display.
  static func failureDescription() -> String {
    let backends = String(borrowing: g_getenv("GDK_BACKEND"))
    let allows = { (name: String) in
      backends.isEmpty || backends.contains("*") || backends.contains(name)
    }
    if let explicitName = gdk_get_display_arg_name().map({ String(cString: $0) }) {
      return formatted(
        // TRANSLATORS: %s lists what was tried, clause by clause (the next messages).
        localized("Cannot open display: %s"),
        // TRANSLATORS: a variable or option name, then its value: never translated.
        formatted(localized("%s=%s failed"), "--display", explicitName))
    }
    var clauses: [String] = []
    if allows("wayland") {
      let value = g_getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
      if let value, !value.isEmpty {
        // TRANSLATORS: a variable or option name, then its value: never translated.
        clauses.append(formatted(localized("%s=%s failed"), "WAYLAND_DISPLAY", value))
      } else if backends.contains("wayland") {
        // TRANSLATORS: %s is an environment variable (DISPLAY, WAYLAND_DISPLAY).
        clauses.append(formatted(localized("%s is not set"), "WAYLAND_DISPLAY"))
      }
    }
    if allows("x11") {
      switch g_getenv("DISPLAY").map({ String(cString: $0) }) {
      // TRANSLATORS: %s is an environment variable (DISPLAY, WAYLAND_DISPLAY).
      case nil: clauses.append(formatted(localized("%s is not set"), "DISPLAY"))
      // TRANSLATORS: %s is an environment variable (DISPLAY).
      case "": clauses.append(formatted(localized("%s is set but empty"), "DISPLAY"))
      // TRANSLATORS: a variable or option name, then its value: never translated.
      case let value?: clauses.append(formatted(localized("%s=%s failed"), "DISPLAY", value))
      }
    }
    if clauses.isEmpty {
      clauses.append(
        // TRANSLATORS: GDK_BACKEND and its value: never translated.
        formatted(localized("%s=%s matches no display backend"), "GDK_BACKEND", backends))
    }
    // TRANSLATORS: %s lists what was tried, clause by clause (the next messages).
    return formatted(localized("Cannot open display: %s"), clauses.joined(separator: "; "))
  }

  /// Says that `--grab` (`grabWasAsked`) has no effect outside X11. (A
  /// parent of the other windowing system is reported as the window is
  /// attached.)
  @MainActor package static func warnAboutX11Options(grabWasAsked: Bool) {
    guard let display = gdk_display_get_default(), lf_is_x11_display(display) == 0 else { return }
    if grabWasAsked {
      Diagnostics.warn(
        localized("--grab has no effect on Wayland: the compositor owns the keyboard"))
    }
  }
}

/// Xlib calls this when the server connection breaks and exits if it
/// returns; GDK's own handler would exit with 1, the status for Cancel.
private let xConnectionLost: XIOErrorHandler = { _ in
  Diagnostics.warn(localized("Lost the connection to the display"))
  _exit(DisplayConnection.lostStatus)
}

/// GDK's Wayland backend reports a broken connection in a (structured) log
/// message, then calls `_exit(1)`: report it as lost, with its own status,
/// first. Every other message goes on to GLib's default writer.
private let waylandLostWriter: GLogWriterFunc = { level, fields, count, data in
  let lost = [
    "Error reading events from display", "Error flushing display", "dispatching to Wayland display",
  ]
  for index in 0..<Int(count) {
    guard let field = fields?[index], String(cString: field.key) == "MESSAGE", field.length < 0,
      let value = field.value
    else { continue }
    let text = String(cString: value.assumingMemoryBound(to: CChar.self))
    if lost.contains(where: text.contains) {
      Diagnostics.warn(localized("Lost the connection to the display"))
      _exit(DisplayConnection.lostStatus)
    }
  }
  return g_log_writer_default(level, fields, count, data)
}
