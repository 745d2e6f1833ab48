import CGtk
import LoginFormMainLoop
import LoginFormModel
import LoginFormPrompt
import LoginFormTestSupport
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

/// Runs the main loop until `condition` holds, failing the test if it does
/// not within `seconds`.
@MainActor func pumpUntil(
  seconds: Double = 5, file: StaticString = #filePath, line: UInt = #line,
  _ condition: () -> Bool
) {
  let end = g_get_monotonic_time() + Int(seconds * 1_000_000)
  while !condition() {
    guard g_get_monotonic_time() < end else {
      return XCTFail("the condition did not hold within \(seconds) s", file: file, line: line)
    }
    pump(milliseconds: 20)
  }
}

/// Makes a shown window and waits until it can take keyboard input.
@MainActor func makeWindow(
  _ description: FormDescription = FormDescription(),
  onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
) -> FormWindow {
  let window = FormWindow(description: description, onFinish: onFinish)
  window.present()
  pump(milliseconds: 150)
  return window
}

/// A description of `shape` with rules that accept any non-empty value.
func lenient(_ shape: FormShape) -> FormDescription {
  FormDescription(
    shape: shape,
    rules: FormRules(
      username: try! FieldRules(minimumLength: 1), password: try! FieldRules(minimumLength: 1)))
}

/// How a prompt ended, comparably (the test-support target's, which the
/// terminal's tests share).
typealias Outcome = LoginFormTestSupport.Outcome

/// Sends a key press and release to the focused widget of `window`.
@MainActor func press(_ keyval: Int32, in window: some PromptSurface, modifiers: UInt32 = 0) {
  let toplevel = topWindow(of: window)
  let target = gtk_window_get_focus(lf_window(toplevel)) ?? toplevel
  XCTAssertNotEqual(
    gtk_test_widget_send_key(target, guint(keyval), GdkModifierType(modifiers)), 0,
    "the key event could not be synthesized")
  pump()
}

/// Types `text` one character at a time into the focused entry, calling
/// `afterEach` after every character.
@MainActor func typeText(
  _ text: String, in window: FormWindow, afterEach: (String) -> Void = { _ in }
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
@MainActor func focus(of window: FormWindow) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_window_get_focus(lf_window(window.window))
}

/// The GtkWindow of either kind of prompt.
@MainActor func topWindow(of surface: some PromptSurface) -> UnsafeMutablePointer<GtkWidget> {
  if let form = surface as? FormWindow { return form.window }
  return (surface as! QuestionWindow).window
}

/// Sets a field's text as if pasted.
@MainActor func setText(_ text: String, of field: Field, in window: FormWindow) {
  gtk_entry_set_text(lf_entry(window.entry(of: field)), text)
}

/// The message line under `field` now.
@MainActor func message(of field: Field, in window: FormWindow) -> String {
  window.row(field).messageText
}

extension FieldRow {
  /// The message line's text now.
  var messageText: String { labelText(messageLabel) }

  /// Whether the message line shows an error now.
  var isShowingError: Bool { hasStyleClass("error", messageLine) }
}

/// The accessible description of `widget`, which screen readers read after
/// its name.
@MainActor func accessibleDescription(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
  String(borrowing: atk_object_get_description(gtk_widget_get_accessible(widget)))
}
