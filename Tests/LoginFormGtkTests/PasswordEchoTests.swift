import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// systemd's Echo= and Silent=: a password shown from the start, and one of
/// which nothing shows, not even its length.
final class PasswordEchoTests: GtkTestCase {
  func testASilentPasswordShowsNothingAndCannotBeRevealed() {
    MainActor.assumeIsolated {
      var description = lenient(.passwordOnly)
      description.passwordEcho = .silent
      let window = makeWindow(description)
      let entry = window.entry(of: .password)
      setText("hunter22", of: .password, in: window)
      XCTAssertEqual(gtk_entry_get_invisible_char(lf_entry(entry)), 0, "no mask characters")
      let text = OpaquePointer(gtk_widget_get_accessible(entry)!)
      XCTAssertEqual(atk_text_get_character_count(text), 0, "no length over AT-SPI")
      XCTAssertEqual(String(taking: atk_text_get_text(text, 0, -1)), "")
      XCTAssertEqual(atk_text_get_caret_offset(text), 0, "the caret does not count either")
      XCTAssertNil(gtk_entry_get_icon_name(lf_entry(entry), GTK_ENTRY_ICON_SECONDARY), "no peek")
      press(GDK_KEY_h, in: window, modifiers: GDK_CONTROL_MASK.rawValue)
      gtk_entry_set_visibility(lf_entry(entry), true.gboolean)
      XCTAssertEqual(gtk_entry_get_visibility(lf_entry(entry)), 0, "never revealed")
      window.finish(.cancelled)
    }
  }

  func testAnEchoedPasswordIsShownAtFirstAndCanBeHidden() {
    MainActor.assumeIsolated {
      var description = lenient(.passwordOnly)
      description.passwordEcho = .shownAtFirst
      let window = makeWindow(description)
      let entry = window.entry(of: .password)
      XCTAssertNotEqual(gtk_entry_get_visibility(lf_entry(entry)), 0, "shown")
      press(GDK_KEY_h, in: window, modifiers: GDK_CONTROL_MASK.rawValue)
      XCTAssertEqual(gtk_entry_get_visibility(lf_entry(entry)), 0, "hidden on request")
      window.finish(.cancelled)
    }
  }

  func testAMaskedPasswordStartsHidden() {
    MainActor.assumeIsolated {
      let window = makeWindow(lenient(.passwordOnly))
      let entry = window.entry(of: .password)
      XCTAssertEqual(gtk_entry_get_visibility(lf_entry(entry)), 0)
      XCTAssertNotNil(gtk_entry_get_icon_name(lf_entry(entry), GTK_ENTRY_ICON_SECONDARY))
      window.finish(.cancelled)
    }
  }
}
