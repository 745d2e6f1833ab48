import CGLib
import LoginFormPrompt

/// Runs prompts on GLib's main loop, whatever presents them: a window or
/// the terminal. Signals end a prompt as interrupted.
@MainActor package enum PromptLoop {
  /// Shows the presenter `make` builds (handing it the function that ends
  /// the run) and runs the main loop until it ends. SIGINT, SIGTERM and
  /// SIGHUP end it as interrupted.
  package static func run(
    _ make: (@escaping @MainActor (PromptResult) -> Void) -> any PromptSurface
  ) -> PromptResult {
    let loop = g_main_loop_new(nil, 0)!
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

  /// Runs the main loop until the process ends: for a server that shows a
  /// prompt per request.
  package static func runForever() -> Never {
    let loop = g_main_loop_new(nil, 0)
    while true { g_main_loop_run(loop) }
  }
}
