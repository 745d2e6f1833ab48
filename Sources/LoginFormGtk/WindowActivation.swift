import CGtk
import LoginFormPrompt

/// The activation token that the program which started this one passed on:
/// the compositor's leave for a window to take the keyboard. On Wayland it
/// is spent by the first window once that window has shown a frame; on X11
/// GTK hands the startup id to the window manager itself.
@MainActor package enum WindowActivation {
  /// The token no window has spent yet.
  private static var pending: ActivationToken?
  /// The X11 startup id, for GTK to give the window manager.
  private static var startupID: String?

  /// Keeps the tokens the process was started with until a display opens:
  /// `token` for Wayland; `startupID` (`DESKTOP_STARTUP_ID`), which GTK
  /// gives the X11 window manager itself, only to say so. The caller has
  /// removed them from the environment, so that nothing this process
  /// starts inherits them.
  package static func launch(token: ActivationToken?, startupID: String?) {
    pending = token
    Self.startupID = startupID.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Gives the display that just opened what it needs of the tokens. GTK 3
  /// sends a Wayland token before the window has a frame, and strict
  /// compositors (sway) ignore an activation for a window they have not
  /// mapped; so the token is kept from GTK, and the first window sends it
  /// once it has a frame (`follow`). On X11, GTK gives the startup id to
  /// the window manager with the window.
  static func displayDidOpen(_ display: OpaquePointer) {
    if lf_is_wayland_display(display) != 0 {
      // GDK copied DESKTOP_STARTUP_ID as its library loaded, before main.
      gdk_wayland_display_set_startup_notification_id(display, nil)
      if let token = pending {
        Diagnostics.debug("activation: a token from \(token.source), for the first window")
      } else {
        Diagnostics.debug(
          "activation: no token (XDG_ACTIVATION_TOKEN and DESKTOP_STARTUP_ID are unset); "
            + "the compositor decides whether the window gets the keyboard")
      }
    } else {
      pending = nil
      // GDK copied DESKTOP_STARTUP_ID as its library loaded, and gives it
      // to the window manager with the window, as startup notification asks.
      if lf_is_x11_display(display) != 0, startupID != nil {
        Diagnostics.debug("activation: GTK gives DESKTOP_STARTUP_ID to the window manager")
      } else {
        Diagnostics.debug("activation: no DESKTOP_STARTUP_ID; the window manager decides the focus")
      }
    }
  }

  /// Spends the kept token on `window`, if no window has yet, once the
  /// window has mapped and been configured (in either order) and the paint
  /// after that has reached the compositor; reports when the window gets the
  /// focus. Called as the window is realized.
  static func follow(_ window: UnsafeMutablePointer<GtkWidget>) {
    if Diagnostics.showsDebugLines {
      // The focused state is the compositor's word (xdg-toplevel's
      // "activated"), which comes also on a seat with no keyboard yet.
      let focus = Handlers()
      focus.first = SignalConnection.connectEvent(window, "window-state-event") { event in
        let state = event.pointee.window_state.new_window_state.rawValue
        guard state & GDK_WINDOW_STATE_FOCUSED.rawValue != 0 else { return false }
        g_signal_handler_disconnect(window, focus.first)
        Diagnostics.debug("focus: the compositor gave the window the focus")
        return false
      }
    }
    guard let token = pending else { return }
    pending = nil
    let wait = Handlers()
    let armIfReady = {
      guard wait.mapped, wait.configured, wait.first == 0,
        let clock = gtk_widget_get_frame_clock(window).map(UnsafeMutableRawPointer.init)
      else { return }
      wait.first = SignalConnection.connect(clock, "after-paint") {
        g_signal_handler_disconnect(clock, wait.first)
        gtk_window_set_startup_id(lf_window(window), token.value)
        Diagnostics.debug(
          "activation: the token from \(token.source) sent after the window's first frame")
      }
    }
    SignalConnection.connectEvent(window, "map-event") { _ in
      wait.mapped = true
      armIfReady()
      return false
    }
    SignalConnection.connectEvent(window, "configure-event") { _ in
      wait.configured = true
      armIfReady()
      return false
    }
  }
}

/// What one window's wait has seen, and the handler to disconnect.
@MainActor private final class Handlers {
  var mapped = false
  var configured = false
  var first: gulong = 0
}
