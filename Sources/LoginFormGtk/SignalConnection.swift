import CGtk

/// Connects Swift closures to GObject signals.
///
/// Each closure lives in a box retained for GObject and released by the
/// GClosureNotify that GObject calls when the handler is disconnected or the
/// instance is finalized, so no closure outlives its widget and none leaks.
@MainActor enum SignalConnection {
  /// Calls `handler` whenever `instance` emits `signal`, for signals whose
  /// handlers take only the instance and return nothing ("clicked",
  /// "changed", "activate", "destroy").
  @discardableResult
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor @Sendable () -> Void
  ) -> gulong {
    connect(
      instance, signal, Box(.plain(handler)), unsafeBitCast(plainTrampoline, to: GCallback.self))
  }

  /// Calls `handler` whenever `property` of `instance` changes ("notify::").
  @discardableResult
  static func connectNotify(
    _ instance: UnsafeMutableRawPointer, property: String,
    _ handler: @escaping @MainActor @Sendable () -> Void
  ) -> gulong {
    connect(
      instance, "notify::" + property, Box(.plain(handler)),
      unsafeBitCast(notifyTrampoline, to: GCallback.self))
  }

  /// Calls `handler` with the event for event signals ("key-press-event",
  /// "delete-event"); its result says whether the event was handled.
  @discardableResult
  static func connectEvent(
    _ instance: UnsafeMutableRawPointer, _ signal: String,
    _ handler: @escaping @MainActor @Sendable (UnsafeMutablePointer<GdkEvent>) -> Bool
  ) -> gulong {
    connect(
      instance, signal, Box(.event(handler)), unsafeBitCast(eventTrampoline, to: GCallback.self))
  }

  /// Calls `handler` with the icon's position when an entry icon is pressed
  /// ("icon-press").
  @discardableResult
  static func connectIconPress(
    _ entry: UnsafeMutableRawPointer,
    _ handler: @escaping @MainActor @Sendable (GtkEntryIconPosition) -> Void
  ) -> gulong {
    connect(
      entry, "icon-press", Box(.iconPress(handler)),
      unsafeBitCast(iconPressTrampoline, to: GCallback.self))
  }

  private static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ box: Box, _ trampoline: GCallback
  ) -> gulong {
    g_signal_connect_data(
      instance, signal, trampoline, Unmanaged.passRetained(box).toOpaque(), releaseBox,
      GConnectFlags(rawValue: 0))
  }

  final class Box: Sendable {
    enum Handler: Sendable {
      case plain(@MainActor @Sendable () -> Void)
      case event(@MainActor @Sendable (UnsafeMutablePointer<GdkEvent>) -> Bool)
      case iconPress(@MainActor @Sendable (GtkEntryIconPosition) -> Void)
    }

    let handler: Handler

    init(_ handler: Handler) {
      self.handler = handler
    }
  }
}

// GTK emits signals on the main thread, which `assumeIsolated` checks. The
// handler is read outside it because the box's contents are Sendable; the
// event pointer crosses as an address because pointers are not.

private let plainTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
  guard let data else { return }
  let handler = Unmanaged<SignalConnection.Box>.fromOpaque(data).takeUnretainedValue().handler
  guard case .plain(let body) = handler else { return }
  MainActor.assumeIsolated { body() }
}

// "notify" passes the property's GParamSpec before the data.
private let notifyTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = {
  _, _, data in
  guard let data else { return }
  let handler = Unmanaged<SignalConnection.Box>.fromOpaque(data).takeUnretainedValue().handler
  guard case .plain(let body) = handler else { return }
  MainActor.assumeIsolated { body() }
}

private let eventTrampoline:
  @convention(c) (gpointer?, UnsafeMutablePointer<GdkEvent>?, gpointer?)
    -> gboolean = { _, event, data in
      guard let event, let data else { return lf_false }
      let handler = Unmanaged<SignalConnection.Box>.fromOpaque(data).takeUnretainedValue().handler
      guard case .event(let body) = handler else { return lf_false }
      let address = UInt(bitPattern: event)
      return MainActor.assumeIsolated {
        guard let event = UnsafeMutablePointer<GdkEvent>(bitPattern: address) else { return false }
        return body(event)
      }.gboolean
    }

// GTK 3.24's accessible "activate" action on an entry icon emits
// "icon-press" with a stray 0 argument: the position arrives as PRIMARY and
// the icon's real position arrives where the event pointer belongs. No real
// event pointer is 0 or 1, so those values identify that path, and the event
// is never read there. For real clicks, the second and third presses of a
// double or triple click are dropped, so that each click counts once.
private let iconPressTrampoline:
  @convention(c) (gpointer?, GtkEntryIconPosition, UnsafeMutablePointer<GdkEvent>?, gpointer?) ->
    Void = { _, position, event, data in
      guard let data else { return }
      let handler = Unmanaged<SignalConnection.Box>.fromOpaque(data).takeUnretainedValue().handler
      guard case .iconPress(let body) = handler else { return }
      let address = UInt(bitPattern: event)
      let pressed: GtkEntryIconPosition
      if address <= 1 {
        pressed = GtkEntryIconPosition(rawValue: UInt32(address))
      } else {
        guard let event, event.pointee.type == GDK_BUTTON_PRESS else { return }
        pressed = position
      }
      MainActor.assumeIsolated { body(pressed) }
    }

private let releaseBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<SignalConnection.Box>.fromOpaque(data).release()
}
