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

/// Does what GTK has to do now: waits for the X server to have handled
/// every request sent so far (its events then wait in the queue), then
/// handles every pending event and every source that is ready. A machine's
/// speed changes how long this takes, not what it has done on return.
@MainActor func settle() {
  if let display = gdk_display_get_default() { gdk_display_sync(display) }
  while gtk_events_pending() != 0 { gtk_main_iteration_do(false.gboolean) }
}

/// Runs the main loop until `condition` holds. The timeout only detects a
/// failure, which it reports: a passing test never waits it out.
@MainActor func waitUntil(
  _ what: String, timeout seconds: Double = 30, file: StaticString = #filePath,
  line: UInt = #line, _ condition: () -> Bool
) {
  let deadline = g_get_monotonic_time() + gint64(seconds * 1_000_000)
  while true {
    settle()
    if condition() { return }
    guard g_get_monotonic_time() < deadline else {
      XCTFail("timed out after \(seconds) s waiting for \(what)", file: file, line: line)
      return
    }
    g_usleep(1000)
  }
}

/// Runs the main loop for `milliseconds`, for tests that show that
/// something does not happen (a timeout that must not fire); whatever
/// should happen is waited for with `waitUntil`.
@MainActor func pump(milliseconds: Int) {
  let end = g_get_monotonic_time() + Int(milliseconds) * 1000
  while g_get_monotonic_time() < end {
    settle()
    g_usleep(2000)
  }
}

/// Waits until `window` is on the screen and its first frame is drawn,
/// and, when `focused` (unless another client holds the keyboard), until it
/// has the keyboard focus, so that keys sent to it reach its focused widget.
@MainActor func waitUntilShown(
  _ window: UnsafeMutablePointer<GtkWidget>, focused: Bool = true,
  file: StaticString = #filePath, line: UInt = #line
) {
  waitUntil(
    focused ? "the window to be shown and focused" : "the window to be shown",
    file: file, line: line
  ) {
    let isViewable = gtk_widget_get_window(window).map { gdk_window_is_viewable($0) != 0 }
    return isViewable == true && (!focused || gtk_window_is_active(lf_window(window)) != 0)
  }
  waitForNextFrame(of: window, file: file, line: line)
}

/// Waits until GTK has laid out and drawn `widget`'s window once more, so
/// that changes made before are allocated and painted.
///
/// A frame alone is not enough when a change makes the window grow: GTK
/// then asks the X server (or window manager) for the new size and lays
/// nothing out until the answer comes, frames later; a widget shown
/// meanwhile keeps GTK's "never allocated" place, -1, -1. So this also
/// waits until the window is at least as large as what it holds needs.
@MainActor func waitForNextFrame(
  of widget: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line
) {
  guard let clock = gtk_widget_get_frame_clock(widget) else {
    XCTFail("the widget has no frame clock: it is not shown", file: file, line: line)
    return
  }
  let before = gdk_frame_clock_get_frame_counter(clock)
  gtk_widget_queue_draw(widget)
  let window = gtk_widget_get_toplevel(widget)!
  waitUntil("the next frame, with everything laid out", file: file, line: line) {
    gdk_frame_clock_get_frame_counter(clock) > before && holdsWhatItNeeds(window)
  }
}

/// Whether `window` has been given at least the size its contents need.
@MainActor private func holdsWhatItNeeds(_ window: UnsafeMutablePointer<GtkWidget>) -> Bool {
  let width = gtk_widget_get_allocated_width(window)
  var minimumWidth: Int32 = 0
  var minimumHeight: Int32 = 0
  gtk_widget_get_preferred_width(window, &minimumWidth, nil)
  gtk_widget_get_preferred_height_for_width(window, width, &minimumHeight, nil)
  return width >= minimumWidth && gtk_widget_get_allocated_height(window) >= minimumHeight
}

/// Makes a shown window and waits until it can take keyboard input (when
/// `focused`; see `waitUntilShown`).
@MainActor func makeWindow(
  _ description: FormDescription = FormDescription(), focused: Bool = true,
  onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
) -> FormWindow {
  let window = FormWindow(description: description, onFinish: onFinish)
  window.present()
  waitUntilShown(window.window, focused: focused)
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
/// Returns once the window has handled both (the release reaches the
/// window after the press), or the key ended the prompt.
@MainActor func press(_ keyval: Int32, in window: some PromptSurface, modifiers: UInt32 = 0) {
  let toplevel = topWindow(of: window)
  let target = gtk_window_get_focus(lf_window(toplevel)) ?? toplevel
  let before = keyReleases
  let handler = SignalConnection.connectEvent(toplevel, "key-release-event") { _ in
    keyReleases += 1
    return false
  }
  XCTAssertNotEqual(
    gtk_test_widget_send_key(target, guint(keyval), GdkModifierType(modifiers)), 0,
    "the key event could not be synthesized")
  // GDK holds events back while it draws a frame, so they may wait for it.
  waitUntil("the key to be handled") { keyReleases > before || hasEnded(window) }
  // A window the key closed took its handlers with it.
  if !hasEnded(window) { g_signal_handler_disconnect(toplevel, handler) }
}

/// How many key releases `press` has seen reach a window.
@MainActor private var keyReleases = 0

/// Whether either kind of prompt has ended.
@MainActor func hasEnded(_ surface: some PromptSurface) -> Bool {
  if let form = surface as? FormWindow { return form.result != nil }
  return (surface as! QuestionWindow).result != nil
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

/// The whole text of a text view, as it is now.
@MainActor func viewText(_ view: UnsafeMutablePointer<GtkWidget>) -> String {
  let buffer = gtk_text_view_get_buffer(lf_text_view(view))
  var start = GtkTextIter()
  var end = GtkTextIter()
  gtk_text_buffer_get_bounds(buffer, &start, &end)
  return String(taking: gtk_text_buffer_get_text(buffer, &start, &end, 0))
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
