import CGtk

/// What GTK reads from its environment that could show a prompt's secret to
/// someone else: the interactive inspector, whose property pages show an
/// entry's text in clear (also over AT-SPI), and modules loaded into the
/// process. Closed before GTK starts.
package enum DebuggingHooks {
  /// Drops `interactive` (and `all`, which includes it) from GTK_DEBUG, so
  /// that GTK does not open its inspector; for a drop-in mode, whose caller
  /// (ssh, sudo, git, gpg-agent) hands down an environment the user may
  /// not have meant for a password prompt, also GTK_MODULES and
  /// GTK3_MODULES. The window's own inspector keybinding is refused by
  /// `refuseInspector(for:)`.
  package static func close(isDropIn: Bool) {
    if let debug = g_getenv("GTK_DEBUG").map({ String(cString: $0) }) {
      let kept = debug.split { ",: ;\t".contains($0) }.filter { $0 != "interactive" && $0 != "all" }
      g_setenv("GTK_DEBUG", kept.joined(separator: ","), true.gboolean)
    }
    if isDropIn {
      g_unsetenv("GTK_MODULES")
      g_unsetenv("GTK3_MODULES")
    }
  }

  /// Makes `window` refuse GTK's inspector keybinding (Ctrl+Shift+I or D,
  /// when enabled in GSettings; it works even through a keyboard grab).
  @MainActor static func refuseInspector(for window: UnsafeMutablePointer<GtkWidget>) {
    // The signal has no accumulator: only stopping it keeps GTK's own
    // handler, which runs last, from opening the inspector.
    let refuse: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { instance, _, _ in
      g_signal_stop_emission_by_name(instance, "enable-debugging")
      return lf_true
    }
    g_signal_connect_data(
      window, "enable-debugging", unsafeBitCast(refuse, to: GCallback.self), nil, nil,
      GConnectFlags(rawValue: 0))
  }
}
