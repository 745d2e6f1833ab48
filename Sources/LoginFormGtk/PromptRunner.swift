import CGtk
import LoginFormMainLoop
import LoginFormPrompt

/// Runs prompt windows on GLib's main loop, without GtkApplication.
///
/// A prompt is one short-lived window: GtkApplication's session-bus
/// registration costs start-up time (see BENCHMARKS.md), and with no session
/// bus it makes GLib launch a bus daemon that outlives the prompt. What it
/// would give, the Wayland application id and the desktop-entry association,
/// the windows set themselves.
@MainActor package enum PromptRunner {
  /// The application id: the desktop entry's, the icon's and, on Wayland,
  /// the windows'.
  package static let applicationID = "io.github.loginform.LoginForm"

  /// Shows `prompt` in a window and runs the main loop until it ends.
  /// SIGINT, SIGTERM and SIGHUP end it as interrupted.
  package static func run(_ prompt: Prompt) -> PromptResult {
    run { end in WindowPresenter().window(for: prompt, onFinish: end).surface }
  }

  /// Shows the presenter `make` builds (handing it the function that ends
  /// the run), a window or the terminal, and runs the main loop until it
  /// ends. SIGINT, SIGTERM and SIGHUP end it as interrupted.
  package static func run(
    _ make: (@escaping @MainActor (PromptResult) -> Void) -> any PromptSurface
  ) -> PromptResult {
    let loop = g_main_loop_new(nil, false.gboolean)!
    defer { g_main_loop_unref(loop) }
    var result: PromptResult?
    let surface = make { outcome in
      result = outcome
      g_main_loop_quit(loop)
    }
    let signals = onInterruption { signal in surface.finish(.interrupted(signal: signal)) }
    defer { for id in signals { MainLoopSource.remove(id) } }
    surface.present()
    if result == nil { g_main_loop_run(loop) }
    // The window is gone from the screen before the caller goes on: writing
    // the answer to a full pipe may block for good.
    if let display = gdk_display_get_default() { gdk_display_flush(display) }
    return result ?? .cancelled
  }

  /// Calls `handler` on the main loop when the process receives SIGINT,
  /// SIGTERM or SIGHUP; returns the sources, for `MainLoopSource.remove`.
  package static func onInterruption(
    _ handler: @escaping @MainActor (Int32) -> Void
  ) -> [guint] {
    [SIGINT, SIGTERM, SIGHUP].map { signal in
      MainLoopSource.unixSignal(signal) { handler(signal) }
    }
  }

  /// Calls `handler` on the main loop each time `descriptor` has input or is
  /// closed, for as long as it returns true: a protocol on standard input
  /// is read without ever blocking the windows.
  @discardableResult
  package static func onReadable(
    _ descriptor: Int32, _ handler: @escaping @MainActor @Sendable () -> Bool
  ) -> guint {
    MainLoopSource.readable(descriptor, handler)
  }

  /// Runs the main loop until the process ends: for a server that opens a
  /// window per request.
  package static func runForever() -> Never {
    let loop = g_main_loop_new(nil, false.gboolean)
    while true { g_main_loop_run(loop) }
  }
}
