import CGtk
import XCTest

@testable import LoginFormGtk

// Helpers for driving GTK in-process. Free functions rather than test-case
// methods: the test bodies run in `MainActor.assumeIsolated`, which must not
// capture the (non-Sendable) test case.

/// Runs the main loop for `milliseconds`, long enough for an X round trip.
@MainActor func pump(milliseconds: Int = 40) {
  if let display = gdk_display_get_default() { gdk_display_sync(display) }
  let end = g_get_monotonic_time() + Int(milliseconds) * 1000
  while g_get_monotonic_time() < end {
    while gtk_events_pending() != 0 { gtk_main_iteration_do(false.gboolean) }
    g_usleep(2000)
  }
}

/// Makes a shown window and waits until it can take keyboard input.
@MainActor func makeWindow(
  _ configuration: PromptConfiguration = PromptConfiguration(),
  onFinish: @escaping (PromptResult) -> Void = { _ in }
) -> LoginWindow {
  let window = LoginWindow(configuration: configuration, onFinish: onFinish)
  window.present()
  pump(milliseconds: 150)
  return window
}

/// Sends a key press and release to the focused widget of `window`.
@MainActor func press(_ keyval: Int32, in window: LoginWindow, modifiers: UInt32 = 0) {
  let target = gtk_window_get_focus(lf_window(window.window)) ?? window.window
  XCTAssertNotEqual(
    gtk_test_widget_send_key(target, guint(keyval), GdkModifierType(modifiers)), 0,
    "the key event could not be synthesized")
  pump()
}

/// Types `text` one character at a time into the focused entry, calling
/// `afterEach` after every character.
@MainActor func typeText(
  _ text: String, in window: LoginWindow, afterEach: (String) -> Void = { _ in }
) {
  var typed = ""
  for character in text {
    for scalar in character.unicodeScalars {
      press(Int32(gdk_unicode_to_keyval(scalar.value)), in: window)
    }
    typed.append(character)
    afterEach(typed)
  }
}

/// Whether `widget` is sensitive, as the user sees it.
@MainActor func isSensitive(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  gtk_widget_is_sensitive(widget) != 0
}

/// Whether `widget` has the CSS class `name`.
@MainActor func hasStyleClass(_ name: String, _ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
}

/// The text of a label.
@MainActor func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
  String(borrowing: gtk_label_get_text(lf_label(label)))
}

/// The widget that has keyboard focus in `window`.
@MainActor func focus(of window: LoginWindow) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_window_get_focus(lf_window(window.window))
}
