import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// The password never leaves through the accessibility interfaces or the
/// selections, revealed or not. (The end-to-end tests try the same over the
/// real AT-SPI bus.)
final class SecretEntryTests: GtkTestCase {
  func testTheAccessibleTextIsOnlyBulletsEvenWhenRevealed() {
    MainActor.assumeIsolated {
      let (window, entry) = revealedWindow()
      let accessible = gtk_widget_get_accessible(entry)!
      let text = OpaquePointer(accessible)
      let all = String(taking: atk_text_get_text(text, 0, -1))
      XCTAssertEqual(all, String(repeating: "●", count: secret.count))
      XCTAssertEqual(atk_text_get_character_at_offset(text, 0), 0x25CF)
      var start: Int32 = 0
      var end: Int32 = 0
      for granularity in [
        ATK_TEXT_GRANULARITY_CHAR, ATK_TEXT_GRANULARITY_WORD, ATK_TEXT_GRANULARITY_LINE,
      ] {
        let piece = String(
          taking: atk_text_get_string_at_offset(text, 3, granularity, &start, &end))
        XCTAssertFalse(piece.isEmpty || piece.contains { $0 != "●" }, "\(granularity): \(piece)")
      }
      XCTAssertEqual(atk_object_get_role(accessible), ATK_ROLE_PASSWORD_TEXT, "still a password")
      window.finish(.cancelled)
    }
  }

  func testASelectionMadeOverAccessibilityReadsAsBullets() {
    MainActor.assumeIsolated {
      let window = makeWindow(lenient(.passwordOnly))
      let entry = window.entry(of: .password)
      setText(secret, of: .password, in: window)
      let text = OpaquePointer(gtk_widget_get_accessible(entry)!)
      XCTAssertNotEqual(atk_text_add_selection(text, 0, 8), 0)
      var start: Int32 = 0
      var end: Int32 = 0
      let selected = String(taking: atk_text_get_selection(text, 0, &start, &end))
      XCTAssertEqual(selected, String(repeating: "●", count: 8))
      window.finish(.cancelled)
    }
  }

  func testNeitherAccessibilityNorTheKeyboardCanCopyThePassword() {
    MainActor.assumeIsolated {
      let window = makeWindow(lenient(.passwordOnly))
      let entry = window.entry(of: .password)
      setText(secret, of: .password, in: window)
      let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", false.gboolean))
      gtk_clipboard_set_text(clipboard, "before", -1)
      for revealed in [false, true] {
        if revealed { press(GDK_KEY_h, in: window, modifiers: GDK_CONTROL_MASK.rawValue) }
        XCTAssertEqual(gtk_entry_get_visibility(lf_entry(entry)) != 0, revealed)
        atk_editable_text_copy_text(OpaquePointer(gtk_widget_get_accessible(entry)), 0, -1)
        atk_editable_text_cut_text(OpaquePointer(gtk_widget_get_accessible(entry)), 0, -1)
        // Ctrl+C and Ctrl+X on a selection: GtkEntry refuses them while the
        // text is hidden, and a revealed entry keeps no selection.
        gtk_editable_select_region(lf_editable(entry), 0, -1)
        emitKeybinding("copy-clipboard", on: entry)
        emitKeybinding("cut-clipboard", on: entry)
        settle()
        XCTAssertEqual(String(taking: gtk_clipboard_wait_for_text(clipboard)), "before")
        XCTAssertEqual(
          String(borrowing: gtk_entry_get_text(lf_entry(entry))), secret, "cut removed nothing")
      }
      window.finish(.cancelled)
    }
  }

  func testARevealedPasswordKeepsNoSelectionSoItNeverOwnsPrimary() {
    MainActor.assumeIsolated {
      let (window, entry) = revealedWindow()
      gtk_editable_select_region(lf_editable(entry), 0, -1)
      settle()
      XCTAssertEqual(gtk_editable_get_selection_bounds(lf_editable(entry), nil, nil), 0)
      let primary = gtk_clipboard_get(gdk_atom_intern("PRIMARY", false.gboolean))
      let owner = gtk_clipboard_get_owner(primary)
      XCTAssertNotEqual(owner, UnsafeMutablePointer<GObject>(OpaquePointer(entry)))
      window.finish(.cancelled)
    }
  }

  func testAccessibilityCannotWriteIntoASecretEntry() {
    MainActor.assumeIsolated {
      let window = makeWindow(lenient(.usernameAndPassword))
      let entry = window.entry(of: .password)
      setText("hunter22", of: .password, in: window)
      let editable = OpaquePointer(gtk_widget_get_accessible(entry)!)
      atk_editable_text_set_text_contents(editable, "guess")
      var position: Int32 = 0
      atk_editable_text_insert_text(editable, "x", 1, &position)
      atk_editable_text_delete_text(editable, 0, 3)
      let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", false.gboolean))
      gtk_clipboard_set_text(clipboard, "pasted", -1)
      atk_editable_text_paste_text(editable, 0)
      settle()
      XCTAssertEqual(String(borrowing: gtk_entry_get_text(lf_entry(entry))), "hunter22")
      XCTAssertEqual(window.model.withSecretUTF8(.password) { $0.count }, 8)
      // The username is no secret: assistive input may write it.
      let username = OpaquePointer(gtk_widget_get_accessible(window.entry(of: .username))!)
      atk_editable_text_set_text_contents(username, "alice")
      XCTAssertEqual(window.model.username, "alice")
      window.finish(.cancelled)
    }
  }

  func testARevealedPasswordsGlyphsHaveTheBulletsExtents() {
    MainActor.assumeIsolated {
      let window = makeWindow(lenient(.passwordOnly))
      let entry = window.entry(of: .password)
      // Narrow and wide glyphs, and a character of two bytes.
      setText("iiiWWWé", of: .password, in: window)
      let text = OpaquePointer(gtk_widget_get_accessible(entry)!)
      let hidden = extents(of: text, count: 7)
      press(GDK_KEY_h, in: window, modifiers: GDK_CONTROL_MASK.rawValue)
      XCTAssertNotEqual(gtk_entry_get_visibility(lf_entry(entry)), 0, "revealed")
      let revealed = extents(of: text, count: 7)
      XCTAssertEqual(revealed.map(\.width), hidden.map(\.width))
      XCTAssertEqual(revealed.map(\.x), hidden.map(\.x))
      XCTAssertEqual(Set(revealed.map(\.width)).count, 1, "every character as wide as a bullet")
      XCTAssertGreaterThan(revealed[0].width, 0)
      // And a point maps back to the bullet under it.
      let third = revealed[3]
      XCTAssertEqual(
        atk_text_get_offset_at_point(
          text, third.x + third.width / 2, third.y + third.height / 2, ATK_XY_WINDOW), 3)
      window.finish(.cancelled)
    }
  }

  func testTheInspectorKeybindingOpensNothing() {
    MainActor.assumeIsolated {
      // As when a user enabled it in GSettings (GTK reads it on each press).
      g_setenv("GSETTINGS_BACKEND", "memory", true.gboolean)
      let debug = g_settings_new("org.gtk.Settings.Debug")
      defer { g_object_unref(debug) }
      g_settings_set_boolean(debug, "enable-inspector-keybinding", true.gboolean)
      let window = makeWindow(lenient(.passwordOnly))
      setText(secret, of: .password, in: window)
      let before = toplevelCount()
      for toggle in [true, false] {
        var handled: gboolean = 0
        // What Ctrl+Shift+I (toggle) and Ctrl+Shift+D do.
        withUnsafeMutablePointer(to: &handled) { result in
          emitEnableDebugging(window.window, toggle: toggle.gboolean, result: result)
        }
        settle()
        XCTAssertNotEqual(handled, 0, "refused before GTK's own handler")
        XCTAssertEqual(toplevelCount(), before, "no inspector window")
      }
      window.finish(.cancelled)
    }
  }

  func testClearingARevealedEntryAtTheEndAnnouncesOnlyBullets() {
    MainActor.assumeIsolated {
      let (window, entry) = revealedWindow()
      // What the accessibility bridge does for each deletion: read the text
      // being removed, at once, and send it to every listener.
      let accessible = gtk_widget_get_accessible(entry)!
      // Kept alive past the window, to disconnect from it afterwards.
      g_object_ref(UnsafeMutableRawPointer(accessible))
      defer { g_object_unref(UnsafeMutableRawPointer(accessible)) }
      removedTexts = []
      let handler = g_signal_connect_data(
        UnsafeMutableRawPointer(accessible), "text-changed::delete",
        unsafeBitCast(recordRemovedText, to: GCallback.self), nil, nil, GConnectFlags(0))
      gtk_button_clicked(lf_button(window.doneButton))
      g_signal_handler_disconnect(UnsafeMutableRawPointer(accessible), handler)
      XCTAssertFalse(removedTexts.isEmpty, "the clearing was seen")
      for text in removedTexts { XCTAssertFalse(text.contains("hunter"), text) }
    }
  }

  func testAHiddenPasswordOffersOnlyBulletsAsPrimary() {
    MainActor.assumeIsolated {
      let window = makeWindow(lenient(.passwordOnly))
      let entry = window.entry(of: .password)
      setText(secret, of: .password, in: window)
      gtk_editable_select_region(lf_editable(entry), 0, -1)
      settle()
      let primary = gtk_clipboard_get(gdk_atom_intern("PRIMARY", false.gboolean))
      let offered = String(taking: gtk_clipboard_wait_for_text(primary))
      XCTAssertFalse(offered.contains("hunter"), offered)
      window.finish(.cancelled)
    }
  }
}

private let secret = "hunter22 s3cret"

/// The texts announced as removed, as the accessibility bridge reads them.
@MainActor private var removedTexts: [String] = []

private let recordRemovedText:
  @convention(c) (UnsafeMutablePointer<AtkObject>?, Int32, Int32, gpointer?) -> Void = {
    accessible, start, length, _ in
    let text = String(taking: atk_text_get_text(OpaquePointer(accessible), start, start + length))
    MainActor.assumeIsolated { removedTexts.append(text) }
  }

/// A password-only window holding `secret`, revealed with Ctrl+H.
@MainActor private func revealedWindow() -> (FormWindow, UnsafeMutablePointer<GtkWidget>) {
  let window = makeWindow(lenient(.passwordOnly))
  let entry = window.entry(of: .password)
  setText(secret, of: .password, in: window)
  press(GDK_KEY_h, in: window, modifiers: GDK_CONTROL_MASK.rawValue)
  XCTAssertNotEqual(gtk_entry_get_visibility(lf_entry(entry)), 0, "revealed")
  return (window, entry)
}

/// Emits one of the entry's keybinding signals ("copy-clipboard" is what
/// Ctrl+C does).
@MainActor private func emitKeybinding(_ signal: String, on entry: UnsafeMutablePointer<GtkWidget>)
{
  let id = g_signal_lookup(signal, gtk_entry_get_type())
  let instance = UnsafeMutableRawPointer(entry)
  var value = GValue()
  g_value_init(&value, gtk_entry_get_type())
  g_value_set_object(&value, instance)
  g_signal_emitv(&value, id, 0, nil)
  g_value_unset(&value)
}

/// Each character's extents, in window coordinates.
@MainActor private func extents(of text: OpaquePointer, count: Int32) -> [(
  x: Int32, y: Int32, width: Int32, height: Int32
)] {
  (0..<count).map { offset in
    var x: Int32 = 0
    var y: Int32 = 0
    var width: Int32 = 0
    var height: Int32 = 0
    atk_text_get_character_extents(text, offset, &x, &y, &width, &height, ATK_XY_WINDOW)
    return (x, y, width, height)
  }
}

/// How many toplevel windows the process has.
@MainActor private func toplevelCount() -> Int {
  let list = gtk_window_list_toplevels()
  defer { g_list_free(list) }
  return Int(g_list_length(list))
}

/// Emits GtkWindow's "enable-debugging" keybinding signal.
@MainActor private func emitEnableDebugging(
  _ window: UnsafeMutablePointer<GtkWidget>, toggle: gboolean,
  result: UnsafeMutablePointer<gboolean>
) {
  let id = g_signal_lookup("enable-debugging", gtk_window_get_type())
  var arguments = [GValue(), GValue()]
  g_value_init(&arguments[0], gtk_window_get_type())
  g_value_set_object(&arguments[0], UnsafeMutableRawPointer(window))
  g_value_init(&arguments[1], GType(5 << 2))  // G_TYPE_BOOLEAN
  g_value_set_boolean(&arguments[1], toggle)
  var returned = GValue()
  g_value_init(&returned, GType(5 << 2))
  g_signal_emitv(&arguments, id, 0, &returned)
  result.pointee = g_value_get_boolean(&returned)
  g_value_unset(&returned)
  for index in arguments.indices { g_value_unset(&arguments[index]) }
}
