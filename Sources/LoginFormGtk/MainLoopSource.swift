import CGtk

/// GLib main-loop sources (timeouts and Unix signals) that call Swift closures.
///
/// Like signal handlers, each closure is boxed, retained for GLib and
/// released by the GDestroyNotify GLib calls when the source is removed.
@MainActor enum MainLoopSource {
  /// Calls `handler` once after `milliseconds`.
  @discardableResult
  static func timeout(milliseconds: UInt32, _ handler: @escaping @MainActor @Sendable () -> Void)
    -> guint
  {
    g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds, fireOnce, retain(handler), release)
  }

  /// Calls `handler` on the main loop each time the process receives
  /// `signal`; GLib turns the asynchronous signal into a normal dispatch, so
  /// the handler may touch GTK.
  @discardableResult
  static func unixSignal(_ signal: Int32, _ handler: @escaping @MainActor @Sendable () -> Void)
    -> guint
  {
    g_unix_signal_add_full(G_PRIORITY_HIGH, signal, fireAlways, retain(handler), release)
  }

  /// Calls `handler` once, when the main loop is next idle.
  @discardableResult
  static func idle(_ handler: @escaping @MainActor @Sendable () -> Void) -> guint {
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, fireOnce, retain(handler), release)
  }

  final class Box: Sendable {
    let handler: @MainActor @Sendable () -> Void
    init(_ handler: @escaping @MainActor @Sendable () -> Void) { self.handler = handler }
  }

  private static func retain(_ handler: @escaping @MainActor @Sendable () -> Void) -> gpointer {
    Unmanaged.passRetained(Box(handler)).toOpaque()
  }
}

// GLib dispatches sources of the default context on the main thread, which
// `assumeIsolated` checks.
private func call(_ data: gpointer?) {
  guard let data else { return }
  let handler = Unmanaged<MainLoopSource.Box>.fromOpaque(data).takeUnretainedValue().handler
  MainActor.assumeIsolated { handler() }
}

private let fireOnce: GSourceFunc = { data in
  call(data)
  return lf_false
}

private let fireAlways: GSourceFunc = { data in
  call(data)
  return lf_true
}

private let release: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<MainLoopSource.Box>.fromOpaque(data).release()
}
