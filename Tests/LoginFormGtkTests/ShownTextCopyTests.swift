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
        XCTAssertEqual(try dragged(from: label, of: gtk_label_get_type()), expected, "a drag")
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
      XCTAssertEqual(try dragged(from: view, of: gtk_text_view_get_type()), expected, "a drag")
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

/// What a drag of `widget`'s selection gives a program that drops it as
/// text: "drag-data-get" emitted as GTK emits it for the drop, with data
/// that asks for UTF8_STRING (GtkSelectionData is opaque: it is had from a
/// clipboard request, as a drop has it from the drag).
@MainActor private func dragged(from widget: UnsafeMutablePointer<GtkWidget>, of type: GType)
  throws -> String
{
  final class Received { var data: OpaquePointer? }
  let received = Received()
  let board = clipboard("CLIPBOARD")
  gtk_clipboard_set_text(board, "placeholder", -1)
  let callback: GtkClipboardReceivedFunc = { _, data, user in
    let received = Unmanaged<Received>.fromOpaque(user!).takeUnretainedValue()
    received.data = gtk_selection_data_copy(data)
  }
  gtk_clipboard_request_contents(
    board, gdk_atom_intern("UTF8_STRING", false.gboolean), callback,
    Unmanaged.passUnretained(received).toOpaque())
  waitUntil("the clipboard's data") { received.data != nil }
  let data = try XCTUnwrap(received.data)
  defer { gtk_selection_data_free(data) }
  var values = [GValue](repeating: GValue(), count: 5)
  g_value_init(&values[0], type)
  g_value_set_object(&values[0], UnsafeMutableRawPointer(widget))
  g_value_init(&values[1], gdk_drag_context_get_type())
  g_value_init(&values[2], gtk_selection_data_get_type())
  // Not copied: the handlers fill this very data.
  g_value_set_static_boxed(&values[2], UnsafeRawPointer(data))
  g_value_init(&values[3], GType(7 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_UINT
  g_value_init(&values[4], GType(7 << G_TYPE_FUNDAMENTAL_SHIFT))
  g_signal_emitv(&values, g_signal_lookup("drag-data-get", type), 0, nil)
  for index in values.indices { g_value_unset(&values[index]) }
  let text = gtk_selection_data_get_text(data)
  defer { g_free(text) }
  return text.map { String(cString: $0) } ?? ""
}
