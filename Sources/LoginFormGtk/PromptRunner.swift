import CGtk
import LoginFormMainLoop
import LoginFormPrompt

/// Runs prompt windows on GLib's main loop (`PromptLoop`), without
/// GtkApplication.
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

  /// Shows the window `make` builds (handing it the function that ends
  /// the run) and runs the main loop until it ends (see `PromptLoop`).
  package static func run(
    _ make: (@escaping @MainActor (PromptResult) -> Void) -> any PromptSurface
  ) -> PromptResult {
    let result = PromptLoop.run(make)
    // The window is gone from the screen before the caller goes on: writing
    // the answer to a full pipe may block for good.
    if let display = gdk_display_get_default() { gdk_display_flush(display) }
    return result
  }
}
