import CGtk
import LoginFormMainLoop

/// Sets a window's application icon after its first frame, unless the
/// caller gave one (`--window-icon`). GTK looks a themed icon up at every
/// size when it sets it (with the icon installed: librsvg, the SVG rendered
/// at each size), which cost about 8 ms and 10 MiB before the first frame
/// on X11 (BENCHMARKS.md); after the first paint it delays nothing visible.
@MainActor final class ApplicationIcon {
  private let window: UnsafeMutablePointer<GtkWidget>
  private let isSetByCaller: Bool
  /// Whether setting it is under way; then the first-paint handler, then
  /// the idle source, each while pending.
  private var isScheduled = false
  private var paintHandler: gulong = 0
  private var source: guint = 0

  init(window: UnsafeMutablePointer<GtkWidget>, isSetByCaller: Bool) {
    self.window = window
    self.isSetByCaller = isSetByCaller
  }

  /// On X11 the window paints once it is mapped.
  func windowDidMap() {
    if !isOnWayland { scheduleAfterFirstFrame() }
  }

  /// On Wayland GDK reports the map at once, and paints only once the
  /// compositor has configured the window.
  func windowDidConfigure() {
    if isOnWayland { scheduleAfterFirstFrame() }
  }

  /// Forgets a pending icon: the window is going.
  func cancel() {
    MainLoopSource.remove(source)
    source = 0
  }

  private var isOnWayland: Bool {
    gtk_widget_get_display(window).map { lf_is_wayland_display($0) != 0 } ?? false
  }

  private func scheduleAfterFirstFrame() {
    guard !isSetByCaller, !isScheduled, let clock = gtk_widget_get_frame_clock(window) else {
      return
    }
    isScheduled = true
    paintHandler = SignalConnection.connect(UnsafeMutableRawPointer(clock), "after-paint") {
      [weak self] in
      guard let self, paintHandler != 0, let clock = gtk_widget_get_frame_clock(window) else {
        return
      }
      g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), paintHandler)
      paintHandler = 0
      // On an idle source, so that GDK finishes the frame (on Wayland it
      // commits it after painting) first.
      source = MainLoopSource.idle { [weak self] in
        guard let self else { return }
        source = 0
        gtk_window_set_icon_name(lf_window(window), PromptRunner.applicationID)
      }
    }
  }
}
