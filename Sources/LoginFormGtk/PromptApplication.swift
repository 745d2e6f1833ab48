import CGtk
import LoginFormModel

/// Runs one prompt window in a GtkApplication until it ends.
///
/// The application is non-unique: a unique GtkApplication would forward a
/// second prompt to the first one's process and exit, so two scripts asking
/// at once (or parallel tests) would collide.
@MainActor public enum PromptApplication {
  /// The application id, also the desktop entry's and the icon's name.
  public static let id = "io.github.loginform.LoginForm"

  /// Shows the window for `configuration` and returns how it ended. GTK must
  /// already be initialised (`gtk_init_check`), so that a missing display is
  /// reported by the caller rather than by GTK aborting.
  public static func run(_ configuration: PromptConfiguration) -> PromptResult {
    let app = gtk_application_new(id, G_APPLICATION_NON_UNIQUE)!
    defer { g_object_unref(app) }
    var window: LoginWindow?
    var result: PromptResult?
    let end: @MainActor (PromptResult) -> Void = { outcome in
      if let window {
        window.finish(outcome)
      } else if result == nil {
        result = outcome
        g_application_quit(lf_g_application(app))
      }
    }
    var sources: [guint] = []
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      sources.append(MainLoopSource.unixSignal(signal) { end(.interrupted(signal: signal)) })
    }
    SignalConnection.connect(app, "activate") {
      guard window == nil, result == nil else { return }
      let prompt = LoginWindow(configuration: configuration) { result = $0 }
      gtk_window_set_application(lf_window(prompt.window), app)
      window = prompt
      prompt.present()
      if let seconds = configuration.timeoutSeconds {
        let milliseconds = UInt32(
          clamping: seconds.multipliedReportingOverflow(by: 1000).partialValue)
        sources.append(MainLoopSource.timeout(milliseconds: milliseconds) { end(.timedOut) })
      }
    }
    g_application_run(lf_g_application(app), 0, nil)
    // Remove what is still pending, so that its closure is released now.
    for id in sources {
      if let source = g_main_context_find_source_by_id(nil, id) { g_source_destroy(source) }
    }
    return result ?? .cancelled
  }
}
