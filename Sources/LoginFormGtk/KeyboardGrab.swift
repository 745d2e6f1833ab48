import CGtk
import LoginFormMainLoop

/// Holds the keyboard while a prompt is up on X11, as every trusted prompt
/// does: no other client can grab it or receive the keys, even a window that
/// steals the focus. (A grab does not stop a client that reads raw input
/// through XInput2 or RECORD; the man page says so.)
///
/// Another client may hold the keyboard already. The grab is retried every
/// 100 ms; after about a second the prompt is told it cannot have the
/// keyboard (so typing stops and the user is told why), and retries go on
/// every half second in case the other client lets go.
@MainActor final class KeyboardGrab {
  private let window: UnsafeMutablePointer<GtkWidget>
  private let onChange: @MainActor (Bool) -> Void
  private var attempts = 0
  private var source: guint = 0
  private var held = false

  /// Starts grabbing for the mapped `window`; `onChange` hears whether the
  /// keyboard is held, once it is known and on each change.
  init(window: UnsafeMutablePointer<GtkWidget>, onChange: @escaping @MainActor (Bool) -> Void) {
    self.window = window
    self.onChange = onChange
    if !tryGrab() { schedule(milliseconds: 100) }
    // Another client's grab, or the window's own unmapping, can break ours:
    // start over, as if the keyboard had never been had.
    SignalConnection.connectEvent(window, "grab-broken-event") { [weak self] _ in
      guard let self, held else { return false }
      held = false
      attempts = 0
      if source == 0 { schedule(milliseconds: 100) }
      return false
    }
  }

  private var seat: UnsafeMutablePointer<GdkSeat>? {
    gtk_widget_get_display(window).flatMap { gdk_display_get_default_seat($0) }
  }

  /// One attempt; true once the keyboard is held.
  private func tryGrab() -> Bool {
    attempts += 1
    guard let seat, let gdkWindow = gtk_widget_get_window(window) else { return false }
    let status = gdk_seat_grab(
      seat, gdkWindow, GDK_SEAT_CAPABILITY_KEYBOARD, false.gboolean, nil, nil, nil, nil)
    held = status == GDK_GRAB_SUCCESS
    if held {
      onChange(true)
    } else if attempts == 10 {
      onChange(false)
    }
    return held
  }

  private func schedule(milliseconds: UInt32) {
    source = MainLoopSource.repeating(milliseconds: milliseconds) { [weak self] in
      guard let self else { return false }
      if tryGrab() {
        source = 0
        return false
      }
      if attempts == 10 {
        // From now on, retry at a calmer pace.
        schedule(milliseconds: 500)
        return false
      }
      return true
    }
  }

  isolated deinit {
    MainLoopSource.remove(source)
    if held, let seat { gdk_seat_ungrab(seat) }
  }
}
