import CGtk
import CWayland
import LoginFormPrompt

/// Makes a prompt window the child of the window it was asked for: transient
/// for an X window on X11, for an xdg-foreign handle on Wayland. When it
/// cannot, it says why in one line and the window is shown on its own: a
/// parent that is gone must never keep the question from being asked.
@MainActor enum WindowParenting {
  /// Attaches `window`, just realized, to the first of `hints.parents` that
  /// belongs to the display's windowing system.
  static func attach(_ window: UnsafeMutablePointer<GtkWidget>, as hints: WindowHints) {
    guard let first = hints.parents.first, let display = gdk_display_get_default(),
      let own = gtk_widget_get_window(window)
    else { return }
    let onX11 = lf_is_x11_display(display) != 0
    guard onX11 || lf_is_wayland_display(display) != 0 else { return }
    guard
      let parent = hints.parents.first(where: {
        if case .x11 = $0.window { onX11 } else { !onX11 }
      })
    else {
      let message =
        onX11
        // TRANSLATORS: the first %s is where the window was named (--parent, LOGIN_FORM_PARENT), the second the window (wayland:HANDLE), both never translated.
        ? localized("%s: %s is a Wayland window, and this prompt is on X11; it is shown on its own")
        // TRANSLATORS: the first %s is where the window was named (--parent, LOGIN_FORM_PARENT), the second the window (x11:0x…), both never translated.
        : localized("%s: %s is an X window, and this prompt is on Wayland; it is shown on its own")
      Diagnostics.warn(formatted(message, first.source, first.notation))
      return
    }
    let attached: Bool
    switch parent.window {
    case .x11(let id): attached = attachToX11(own, id: id, parent: parent, display: display)
    case .wayland(let handle):
      attached = attachToWayland(own, handle, parent: parent, display: display)
    }
    if attached, hints.isModal { gdk_window_set_modal_hint(own, true.gboolean) }
  }

  private static func attachToX11(
    _ own: OpaquePointer, id: UInt, parent: WindowParent, display: OpaquePointer
  ) -> Bool {
    guard let foreign = gdk_x11_window_foreign_new_for_display(display, Window(id)) else {
      Diagnostics.warn(
        formatted(
          // TRANSLATORS: the first %s is where the window was named (--parent), the second the window (x11:0x…).
          localized("%s: there is no window %s; the prompt is shown on its own"), parent.source,
          parent.notation))
      return false
    }
    gdk_window_set_transient_for(own, foreign)
    g_object_unref(UnsafeMutableRawPointer(foreign))
    Diagnostics.debug("parent: \(parent.notation) from \(parent.source): transient for it")
    return true
  }

  private static func attachToWayland(
    _ own: OpaquePointer, _ handle: String, parent: WindowParent, display: OpaquePointer
  ) -> Bool {
    // GTK imports any handle and says nothing when the compositor refuses
    // it, so ask the compositor first, on a connection queue of our own.
    switch lf_wayland_probe_parent(gdk_wayland_display_get_wl_display(display), handle) {
    case LF_PARENT_KNOWN:
      _ = handle.withCString {
        gdk_wayland_window_set_transient_for_exported(own, UnsafeMutablePointer(mutating: $0))
      }
      Diagnostics.debug(
        "parent: \(parent.notation) from \(parent.source): the compositor knows it; imported")
      return true
    case LF_PARENT_NO_FOREIGN:
      Diagnostics.warn(
        formatted(
          // TRANSLATORS: %s is where the window was named (--parent); xdg-foreign is a protocol's name.
          localized(
            "%s: this compositor cannot keep a window above another program's (no xdg-foreign); the prompt is shown on its own"
          ), parent.source))
    case LF_PARENT_UNKNOWN:
      Diagnostics.warn(
        formatted(
          // TRANSLATORS: the first %s is where the window was named (--parent), the second the window (wayland:HANDLE).
          localized(
            "%s: the compositor knows no window %s (closed, or on another display); the prompt is shown on its own"
          ), parent.source, parent.notation))
    default:
      Diagnostics.warn(
        formatted(
          // TRANSLATORS: the first %s is where the window was named (--parent), the second the window.
          localized("%s: could not ask the compositor about %s; the prompt is shown on its own"),
          parent.source, parent.notation))
    }
    return false
  }
}
