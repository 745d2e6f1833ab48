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

  func testALongTextKeepsEachFingerprintAndPathOnOneLine() throws {
    try MainActor.assumeIsolated {
      let tokens = [
        "SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA",
        "/home/alice/.ssh/deploy/id_ed25519-sk",
      ]
      // Words of every length before each, so that some token reaches the
      // end of a line wherever the lines break.
      let text = (1...24).map { count in
        String(repeating: "w", count: count) + " uses " + tokens[count % 2] + " today."
      }.joined(separator: " ")
      var description = FormDescription()
      description.text = text
      let window = makeWindow(description)
      let view = try XCTUnwrap(window.layout.text)
      XCTAssertNotNil(window.layout.textPane, "long enough for a text view")
      let buffer = gtk_text_view_get_buffer(lf_text_view(view))!
      let shown = Array(viewText(view).unicodeScalars)
      // Offsets in the view, and the text without what shows as nothing.
      let kept = shown.indices.filter { shown[$0] != "\u{2060}" }
      let plain = String(String.UnicodeScalarView(kept.map { shown[$0] }))
      var checked = 0
      for token in tokens {
        var rest = plain[...]
        while let found = rest.range(of: token) {
          let first = plain.unicodeScalars.distance(
            from: plain.unicodeScalars.startIndex, to: found.lowerBound)
          let last = first + token.unicodeScalars.count - 1
          XCTAssertEqual(
            displayLine(of: Int32(kept[first]), in: view, buffer: buffer),
            displayLine(of: Int32(kept[last]), in: view, buffer: buffer), token)
          checked += 1
          rest = plain[found.upperBound...]
        }
      }
      XCTAssertEqual(checked, 24)
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

  func testAHundredKilobytesWithoutASpaceShowWholeInTheBoundedPane() throws {
    try MainActor.assumeIsolated {
      var description = FormDescription()
      let text = String(repeating: "x", count: 99_997) + "end"
      description.text = text
      let window = makeWindow(description)
      let pane = try XCTUnwrap(window.layout.textPane)
      let view = try XCTUnwrap(window.layout.text)
      XCTAssertLessThanOrEqual(
        gtk_widget_get_allocated_height(pane), BoundedText.maximumHeight + 4, "bounded")
      let short = makeWindow()
      XCTAssertEqual(
        gtk_widget_get_allocated_width(window.window),
        gtk_widget_get_allocated_width(short.window), "no wider than a window without text")
      short.finish(.cancelled)
      // The rest of the text follows the first frame.
      waitUntil("the whole text in the view") { viewText(view) == text }
      press(GDK_KEY_Tab, in: window, modifiers: GDK_SHIFT_MASK.rawValue)
      XCTAssertEqual(focus(of: window), view)
      press(GDK_KEY_End, in: window)
      let adjustment = gtk_scrolled_window_get_vadjustment(lf_scrolled_window(pane))!
      XCTAssertGreaterThan(gtk_adjustment_get_upper(adjustment), 100 * 240, "all of it is laid out")
      XCTAssertEqual(
        gtk_adjustment_get_value(adjustment),
        gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment),
        "End reaches the end")
      window.finish(.cancelled)
    }
  }

  func testLongMarkupComesWholeWithItsStyles() throws {
    try MainActor.assumeIsolated {
      var description = FormDescription()
      description.text = String(repeating: "<b>bold</b> &amp; plain ", count: 500)
      description.textIsMarkup = true
      let window = makeWindow(description)
      let view = try XCTUnwrap(window.layout.text)
      let text = String(repeating: "bold & plain ", count: 500)
      waitUntil("the whole text in the view") { viewText(view) == text }
      let total = Int32(text.count)
      for offset in [0, total - 13] {
        XCTAssertTrue(isBold(view, at: offset), "bold at \(offset)")
        XCTAssertFalse(isBold(view, at: offset + 7), "plain at \(offset + 7)")
      }
      window.finish(.cancelled)
    }
  }

  func testAHeadingTooLongForALabelOpensTheText() throws {
    try MainActor.assumeIsolated {
      let heading = Array(repeating: "Allow this?", count: 200).joined(separator: " ")
      var description = QuestionDescription(text: "Key fingerprint", yes: "_Allow", no: "_Deny")
      description.heading = heading
      let window = QuestionWindow(description: description)
      window.present()
      waitUntilShown(window.window)
      XCTAssertNil(window.heading)
      let view = try XCTUnwrap(window.text)
      waitUntil("the heading and the text in the view") {
        viewText(view) == heading + "\nKey fingerprint"
      }
      window.finish(.cancelled)
    }
  }
}

/// Whether the text at `offset` in the text view `view` is bold.
@MainActor private func isBold(_ view: UnsafeMutablePointer<GtkWidget>, at offset: Int32) -> Bool {
  let values = gtk_text_view_get_default_attributes(lf_text_view(view))!
  defer { gtk_text_attributes_unref(values) }
  var iter = GtkTextIter()
  gtk_text_buffer_get_iter_at_offset(gtk_text_view_get_buffer(lf_text_view(view)), &iter, offset)
  gtk_text_iter_get_attributes(&iter, values)
  return pango_font_description_get_weight(values.pointee.font) == PANGO_WEIGHT_BOLD
}

/// Where the character at `offset` of `view`'s text is drawn, as the top
/// of its line in the view's coordinates.
@MainActor private func displayLine(
  of offset: Int32, in view: UnsafeMutablePointer<GtkWidget>,
  buffer: UnsafeMutablePointer<GtkTextBuffer>
) -> Int32 {
  var iter = GtkTextIter()
  gtk_text_buffer_get_iter_at_offset(buffer, &iter, offset)
  var location = GdkRectangle()
  gtk_text_view_get_iter_location(lf_text_view(view), &iter, &location)
  return location.y
}
