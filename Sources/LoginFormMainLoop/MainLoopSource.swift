import CGLib

/// GLib main-loop sources (timeouts, descriptors and Unix signals) that call
/// Swift closures: what the windows and the terminal share, since both run
/// on GLib's main loop.
///
/// Like signal handlers, each closure is boxed, retained for GLib and
/// released by the GDestroyNotify GLib calls when the source is removed.
@MainActor package enum MainLoopSource {
  /// Calls `handler` every `milliseconds` for as long as it returns true.
  @discardableResult
  package static func repeating(
    milliseconds: UInt32, _ handler: @escaping @MainActor @Sendable () -> Bool
  ) -> guint {
    let box = Unmanaged.passRetained(RepeatingBox(handler)).toOpaque()
    return g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds, fireWhileTrue, box, releaseRepeating)
  }

  /// Calls `handler` each time `descriptor` is readable or hung up, for as
  /// long as it returns true; GLib watches the descriptor, so the main loop
  /// never blocks on it.
  @discardableResult
  package static func readable(
    _ descriptor: Int32, _ handler: @escaping @MainActor @Sendable () -> Bool
  ) -> guint {
    let box = Unmanaged.passRetained(RepeatingBox(handler)).toOpaque()
    let conditions = GIOCondition(
      rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
    return g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, descriptor, conditions, fireOnDescriptor, box, releaseRepeating)
  }

  /// Calls `handler` once when nobody reads `descriptor` any more: the
  /// read end of its pipe was closed, which poll reports as an error.
  @discardableResult
  package static func readerGone(
    _ descriptor: Int32, _ handler: @escaping @MainActor @Sendable () -> Void
  ) -> guint {
    let box = Unmanaged.passRetained(
      RepeatingBox {
        handler()
        return false
      }
    ).toOpaque()
    let conditions = GIOCondition(rawValue: G_IO_HUP.rawValue | G_IO_ERR.rawValue)
    return g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, descriptor, conditions, fireOnDescriptor, box, releaseRepeating)
  }

  /// Removes a source added here, releasing its closure now.
  package static func remove(_ id: guint) {
    if id != 0, let source = g_main_context_find_source_by_id(nil, id) { g_source_destroy(source) }
  }

  /// Calls `handler` on the main loop each time the process receives
  /// `signal`; GLib turns the asynchronous signal into a normal dispatch, so
  /// the handler may touch GTK.
  @discardableResult
  package static func unixSignal(
    _ signal: Int32, _ handler: @escaping @MainActor @Sendable () -> Void
  )
    -> guint
  {
    g_unix_signal_add_full(G_PRIORITY_HIGH, signal, fireAlways, retain(handler), release)
  }

  /// Calls `handler` once, when the main loop is next idle.
  @discardableResult
  package static func idle(_ handler: @escaping @MainActor @Sendable () -> Void) -> guint {
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, fireOnce, retain(handler), release)
  }

  final class RepeatingBox: Sendable {
    let handler: @MainActor @Sendable () -> Bool
    init(_ handler: @escaping @MainActor @Sendable () -> Bool) { self.handler = handler }
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
  return lf_source_remove
}

private let fireAlways: GSourceFunc = { data in
  call(data)
  return lf_source_continue
}

private let release: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<MainLoopSource.Box>.fromOpaque(data).release()
}

private func callRepeating(_ data: gpointer?) -> gboolean {
  guard let data else { return lf_source_remove }
  let handler = Unmanaged<MainLoopSource.RepeatingBox>.fromOpaque(data).takeUnretainedValue()
    .handler
  return MainActor.assumeIsolated { handler() } ? lf_source_continue : lf_source_remove
}

private let fireWhileTrue: GSourceFunc = { data in callRepeating(data) }

private let fireOnDescriptor: GUnixFDSourceFunc = { _, _, data in callRepeating(data) }

private let releaseRepeating: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<MainLoopSource.RepeatingBox>.fromOpaque(data).release()
}
