import CGtk
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// A copy of a caller's text holds the characters shown, not the isolates
/// around each line: a pasted key ID or user ID matches what was read.
final class ShownTextCopyTests: GtkTestCase {
  func testEachSelectableLabelCopiesAndOffersWhatItShows() throws {
    try MainActor.assumeIsolated {
      var description = QuestionDescription(
        text: ClientText.displayable("Allow use of key 0x8F3A21C4\nalice <alice@example.org>"),
        yes: "_Allow", no: "_Deny")
      description.detail = ClientText.displayable(
        "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU")
      description.options.requester = "ssh-agent (4242)"
      let window = QuestionWindow(description: description)
      window.present()
      waitUntilShown(window.window)
      let requester = try XCTUnwrap(
        labels(in: window.window).first { labelText($0).hasPrefix("Asked by") })
      let shown = [
        (try XCTUnwrap(window.text), "Allow use of key 0x8F3A21C4\nalice <alice@example.org>"),
        (try XCTUnwrap(window.detail), "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU"),
        (requester, "Asked by ssh-agent (4242)"),
      ]
      for (label, expected) in shown {
        XCTAssertTrue(labelText(label).unicodeScalars.contains("\u{2068}"), "isolated on screen")
        gtk_label_select_region(lf_label(label), 0, -1)
        settle()
        XCTAssertEqual(text(of: "PRIMARY"), expected, "the selection offered")
        emitCopy(on: label, of: gtk_label_get_type())
        XCTAssertEqual(text(of: "CLIPBOARD"), expected, "Ctrl+C and the menu's Copy")
        XCTAssertTrue(isSelected(label), "offering it again keeps the selection")
        // Another program takes PRIMARY: the selection goes, as GTK's own does.
        gtk_clipboard_set_text(clipboard("PRIMARY"), "elsewhere", -1)
        settle()
        XCTAssertFalse(isSelected(label), "the selection goes with PRIMARY")
      }
      window.finish(.cancelled)
    }
  }

  func testALongTextCopiesAndOffersWhatItShows() throws {
    try MainActor.assumeIsolated {
      let lines = (1...40).map { "Key 0x8F3A21C\($0 % 10) belongs to alice <alice@example.org>" }
      var description = FormDescription()
      description.text = ClientText.displayable(lines.joined(separator: "\n"))
      let window = makeWindow(description)
      let view = try XCTUnwrap(window.layout.text)
      let buffer = gtk_text_view_get_buffer(lf_text_view(view))!
      XCTAssertTrue(viewText(view).unicodeScalars.contains("\u{2068}"), "isolated on screen")
      var start = GtkTextIter()
      var end = GtkTextIter()
      gtk_text_buffer_get_bounds(buffer, &start, &end)
      gtk_text_buffer_select_range(buffer, &start, &end)
      settle()
      let expected = lines.joined(separator: "\n")
      XCTAssertEqual(text(of: "PRIMARY"), expected, "the selection offered")
      emitCopy(on: view, of: gtk_text_view_get_type())
      XCTAssertEqual(text(of: "CLIPBOARD"), expected, "Ctrl+C and the menu's Copy")
      XCTAssertNotEqual(gtk_text_buffer_get_has_selection(buffer), 0, "still selected")
      gtk_clipboard_set_text(clipboard("PRIMARY"), "elsewhere", -1)
      settle()
      XCTAssertEqual(gtk_text_buffer_get_has_selection(buffer), 0, "the selection goes")
      window.finish(.cancelled)
    }
  }
}

@MainActor private func clipboard(_ name: String) -> OpaquePointer {
  gtk_clipboard_get(gdk_atom_intern(name, false.gboolean))!
}

/// What `name` (PRIMARY or CLIPBOARD) offers, read as another program
/// reads it.
@MainActor private func text(of name: String) -> String {
  String(taking: gtk_clipboard_wait_for_text(clipboard(name)))
}

@MainActor private func isSelected(_ label: UnsafeMutablePointer<GtkWidget>) -> Bool {
  var start: Int32 = 0
  var end: Int32 = 0
  return gtk_label_get_selection_bounds(lf_label(label), &start, &end) != 0 && start != end
}

/// Emits "copy-clipboard", what Ctrl+C and the context menu's Copy do.
@MainActor private func emitCopy(on widget: UnsafeMutablePointer<GtkWidget>, of type: GType) {
  gtk_clipboard_set_text(clipboard("CLIPBOARD"), "before", -1)
  let id = g_signal_lookup("copy-clipboard", type)
  var value = GValue()
  g_value_init(&value, type)
  g_value_set_object(&value, UnsafeMutableRawPointer(widget))
  g_signal_emitv(&value, id, 0, nil)
  g_value_unset(&value)
  settle()
}
