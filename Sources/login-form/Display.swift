import CGtk
import LoginFormGtk

/// Opening the display for a front end, and the one-line warnings for what a
/// Wayland session cannot do.
@MainActor enum Display {
  /// Opens the display or ends the process with status 2 and one line.
  static func open() {
    do {
      try DisplayConnection.open(lostStatus: ExitStatus.displayLost.rawValue)
    } catch {
      Standard.fail(error.description, status: .usage)
    }
  }

  /// Says which asked-for options have no effect outside X11.
  static func warnAboutX11Options(_ options: WindowOptions, grabWasAsked: Bool) {
    guard let display = gdk_display_get_default(), lf_is_x11_display(display) == 0 else { return }
    if grabWasAsked {
      Diagnostics.warn(
        localized("--grab has no effect on Wayland: the compositor owns the keyboard"))
    }
    if options.parentWindow != nil {
      Diagnostics.warn(localized("--attach has no effect on Wayland: it names an X window"))
    }
  }
}
