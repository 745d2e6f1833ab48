import CGtk
import LoginFormPrompt

/// Where a prompt window goes and how the desktop knows it, for each
/// windowing system.
@MainActor enum WindowPlacement {
  /// Places `window` as `hints` say once it is realized, names its
  /// application when it maps, and keeps `icon` in step; `onMap` runs at
  /// each map after that. What every prompt window does.
  static func follow(
    _ window: UnsafeMutablePointer<GtkWidget>, hints: WindowHints, icon: ApplicationIcon,
    onMap: @escaping @MainActor () -> Void = {}
  ) {
    SignalConnection.connect(window, "realize") { place(window, hints: hints) }
    SignalConnection.connectEvent(window, "map-event") { [weak icon] _ in
      setApplicationID(of: window)
      icon?.windowDidMap()
      onMap()
      return false
    }
    SignalConnection.connectEvent(window, "configure-event") { [weak icon] _ in
      icon?.windowDidConfigure()
      return false
    }
  }

  /// Centres the window on X11, makes it the child of the caller's window
  /// if one was given, and has it spend the activation token. On Wayland
  /// the compositor places windows, and asking GDK to centre one asks for a
  /// pointer position that a seatless compositor cannot give (a
  /// Gdk-CRITICAL).
  static func place(_ window: UnsafeMutablePointer<GtkWidget>, hints: WindowHints) {
    if let display = gdk_display_get_default(), lf_is_x11_display(display) != 0 {
      gtk_window_set_position(lf_window(window), GTK_WIN_POS_CENTER)
    }
    WindowParenting.attach(window, as: hints)
    WindowActivation.follow(window)
  }

  /// Without GtkApplication, GTK names a Wayland window after the program;
  /// the application id is what ties it to the desktop entry and icon.
  static func setApplicationID(of window: UnsafeMutablePointer<GtkWidget>) {
    guard let display = gdk_display_get_default(), lf_is_wayland_display(display) != 0,
      let own = gtk_widget_get_window(window)
    else { return }
    gdk_wayland_window_set_application_id(own, PromptRunner.applicationID)
  }

  /// Sets the window's icon from a file (a name with a slash) or the theme.
  static func setIcon(_ icon: String, of window: UnsafeMutablePointer<GtkWidget>) {
    if icon.contains("/") {
      var error: UnsafeMutablePointer<GError>?
      if gtk_window_set_icon_from_file(lf_window(window), icon, &error) == 0 {
        // TRANSLATORS: %s is GTK's reason the icon could not be loaded.
        Diagnostics.warn(formatted(localized("--window-icon: %s"), takeMessage(error)))
      }
    } else {
      gtk_window_set_icon_name(lf_window(window), icon)
    }
  }
}
