import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// A password form that offers to save, labelled `label`.
private func offering(_ label: String = "Save in password _manager") -> FormDescription {
  var description = lenient(.passwordOnly)
  description.rememberOffer = RememberOffer(label: label, tooltip: "Kept in your keyring")
  return description
}

/// The "Save in password manager" check box: there only when offered,
/// unticked at first, and what the user chose handed back with the form.
final class RememberOfferTests: GtkTestCase {
  func testTheBoxIsUntickedAndLabelledWithItsMnemonic() throws {
    try MainActor.assumeIsolated {
      let window = makeWindow(offering())
      let box = try XCTUnwrap(window.layout.rememberBox)
      XCTAssertEqual(gtk_toggle_button_get_active(lf_toggle_button(box)), 0)
      XCTAssertEqual(
        String(cString: gtk_button_get_label(lf_button(box))), "Save in password _manager")
      XCTAssertEqual(gtk_button_get_use_underline(lf_button(box)), 1)
      XCTAssertEqual(
        String(cString: atk_object_get_name(gtk_widget_get_accessible(box))),
        "Save in password manager")
      // The tooltip is a copy of its own, which the caller frees.
      let tooltip = gtk_widget_get_tooltip_text(box)
      defer { g_free(tooltip) }
      XCTAssertEqual(tooltip.map { String(cString: $0) }, "Kept in your keyring")
      XCTAssertNotEqual(gtk_widget_get_mapped(box), 0)
    }
  }

  func testNoOfferNoBox() {
    MainActor.assumeIsolated {
      XCTAssertNil(makeWindow(lenient(.passwordOnly)).layout.rememberBox)
    }
  }

  func testTheChoiceComesBackWithTheForm() throws {
    try MainActor.assumeIsolated {
      for tick in [false, true] {
        var results: [PromptResult] = []
        let window = makeWindow(offering()) { results.append($0) }
        if tick { gtk_button_clicked(lf_button(try XCTUnwrap(window.layout.rememberBox))) }
        setText("pw", of: .password, in: window)
        gtk_button_clicked(lf_button(window.doneButton))
        guard case .submitted(let form) = results.first else {
          XCTFail("not submitted")
          return
        }
        XCTAssertEqual(form.remembers, tick)
      }
    }
  }

  func testTheMnemonicTicksTheBox() throws {
    try MainActor.assumeIsolated {
      let window = makeWindow(offering())
      let box = try XCTUnwrap(window.layout.rememberBox)
      press(Int32(GDK_KEY_m), in: window, modifiers: GDK_MOD1_MASK.rawValue)
      waitUntil("Alt+M to tick the box") {
        gtk_toggle_button_get_active(lf_toggle_button(box)) != 0
      }
    }
  }
}
