import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// Text too long for the window: a framed pane that scrolls, which the
/// keyboard can reach and scroll, while the fields stay in view.
final class LongTextTests: GtkTestCase {
  func testLongTextScrollsInAFramedPaneTheKeyboardCanReach() throws {
    try MainActor.assumeIsolated {
      var description = FormDescription()
      description.text = Array(repeating: "Lorem ipsum dolor sit amet.", count: 110)
        .joined(separator: " ")
      let window = makeWindow(description)
      let pane = try XCTUnwrap(window.layout.textPane)
      let text = try XCTUnwrap(window.layout.text)
      XCTAssertEqual(
        gtk_scrolled_window_get_shadow_type(lf_scrolled_window(pane)), GTK_SHADOW_IN, "framed")
      XCTAssertLessThanOrEqual(
        gtk_widget_get_allocated_height(pane), BoundedText.maximumHeight + 4, "bounded")
      // The focus starts in the first field; Shift+Tab reaches the text.
      XCTAssertEqual(focus(of: window), window.entry(of: .username))
      press(GDK_KEY_Tab, in: window, modifiers: GDK_SHIFT_MASK.rawValue)
      XCTAssertEqual(focus(of: window), text)
      let adjustment = gtk_scrolled_window_get_vadjustment(lf_scrolled_window(pane))!
      let start = gtk_adjustment_get_value(adjustment)
      press(GDK_KEY_Page_Down, in: window)
      let paged = gtk_adjustment_get_value(adjustment)
      XCTAssertGreaterThan(paged, start + 50, "Page Down scrolls")
      press(GDK_KEY_Up, in: window)
      XCTAssertLessThan(gtk_adjustment_get_value(adjustment), paged, "Up scrolls back")
      press(GDK_KEY_End, in: window)
      XCTAssertEqual(
        gtk_adjustment_get_value(adjustment),
        gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
      press(GDK_KEY_Tab, in: window)
      XCTAssertEqual(focus(of: window), window.entry(of: .username), "and back to the form")
      window.finish(.cancelled)
    }
  }

  func testShortTextNeedsNoPaneAndTakesNoFocus() throws {
    try MainActor.assumeIsolated {
      var description = FormDescription()
      description.text = "Sign in to atlas."
      let window = makeWindow(description)
      XCTAssertNil(window.layout.textPane)
      XCTAssertEqual(gtk_widget_get_can_focus(try XCTUnwrap(window.layout.text)), 0)
      window.finish(.cancelled)
    }
  }
}
