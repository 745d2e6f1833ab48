import CGio
import Glibc
import LoginFormGtk
import LoginFormPrompt

/// Whether the login session this process runs in is locked, as logind
/// knows it (the session's `LockedHint`, which screen lockers set), and
/// each change of it. Only where logind knows this process's session.
@MainActor final class SessionLock {
  private let proxy: UnsafeMutablePointer<GDBusProxy>
  private var handler: gulong = 0
  /// Called with the new state on each change.
  var onChange: ((Bool) -> Void)?

  /// Why the lock cannot be known.
  struct Unknown: Error {
    let reason: String
  }

  /// The lock of this process's session; why not, when logind does not
  /// know it (no logind, no session: a container, a test).
  static func watch() -> Result<SessionLock, Unknown> {
    var error: UnsafeMutablePointer<GError>?
    guard let bus = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error) else {
      return .failure(Unknown(reason: takeMessage(error)))
    }
    defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
    var pid = g_variant_new_uint32(guint32(getpid()))
    let reply = g_dbus_connection_call_sync(
      bus, "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager",
      "GetSessionByPID", g_variant_new_tuple(&pid, 1), g_variant_type_new("(o)"),
      G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, nil, &error)
    guard let reply else { return .failure(Unknown(reason: takeMessage(error))) }
    defer { g_variant_unref(reply) }
    let child = g_variant_get_child_value(reply, 0)
    defer { g_variant_unref(child) }
    let path = String(cString: g_variant_get_string(child, nil))
    guard
      let proxy = g_dbus_proxy_new_sync(
        bus, G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, nil, "org.freedesktop.login1", path,
        "org.freedesktop.login1.Session", nil, &error)
    else { return .failure(Unknown(reason: takeMessage(error))) }
    return .success(SessionLock(proxy: proxy))
  }

  private init(proxy: UnsafeMutablePointer<GDBusProxy>) {
    self.proxy = proxy
    let changed: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?, gpointer?) -> Void = {
      _, _, _, context in
      MainActor.assumeIsolated {
        let lock = Unmanaged<SessionLock>.fromOpaque(context!).takeUnretainedValue()
        lock.onChange?(lock.isLocked)
      }
    }
    // The agent keeps its lock for the process's life.
    handler = g_signal_connect_data(
      UnsafeMutableRawPointer(proxy), "g-properties-changed",
      unsafeBitCast(changed, to: GCallback.self), Unmanaged.passUnretained(self).toOpaque(), nil,
      GConnectFlags(rawValue: 0))
  }

  /// Whether the session is locked now.
  var isLocked: Bool {
    guard let value = g_dbus_proxy_get_cached_property(proxy, "LockedHint") else { return false }
    defer { g_variant_unref(value) }
    return g_variant_get_boolean(value) != 0
  }
}
