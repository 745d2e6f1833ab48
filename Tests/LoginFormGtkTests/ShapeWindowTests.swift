import CGtk
import LoginFormLockedMemory
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// The password alone, the password twice, and the caller's labels.
final class ShapeWindowTests: GtkTestCase {
  func testAPasswordOnlyWindowHasOneEntryAndHandsOverThePasswordAlone() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = makeWindow(lenient(.passwordOnly)) { result = $0 }
      XCTAssertEqual(window.rows.map(\.field), [.password])
      XCTAssertEqual(focus(of: window), window.entry(of: .password))
      typeText("abc", in: window)
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(result.map(Outcome.init), .form(nil, "abc"))
    }
  }

  func testARepeatThatDiffersKeepsDoneInsensitiveAndSaysSo() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      var description = lenient(.passwordOnly.repeatingPassword)
      description.mismatchText = "does not match - try again"
      let window = makeWindow(description) { result = $0 }
      typeText("correct horse", in: window)
      press(GDK_KEY_Tab, in: window)
      XCTAssertEqual(focus(of: window), window.entry(of: .passwordRepeat))
      typeText("correct hors", in: window)
      XCTAssertFalse(isSensitive(window.doneButton))
      XCTAssertEqual(message(of: .passwordRepeat, in: window), "does not match - try again")
      XCTAssertFalse(window.row(.passwordRepeat).isShowingError, "being typed: a hint")
      typeText("x", in: window)
      XCTAssertFalse(
        window.row(.passwordRepeat).isShowingError,
        "no longer its start, yet the same hint: the field is no oracle")
      press(GDK_KEY_Tab, in: window)
      XCTAssertTrue(window.row(.passwordRepeat).isShowingError, "left: an error")
      gtk_widget_grab_focus(window.entry(of: .passwordRepeat))
      pump()
      press(GDK_KEY_End, in: window)
      press(GDK_KEY_BackSpace, in: window)
      typeText("e", in: window)
      XCTAssertTrue(isSensitive(window.doneButton))
      XCTAssertEqual(message(of: .passwordRepeat, in: window), "")
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(
        result.map(Outcome.init),
        .submitted(username: nil, password: "correct horse", repeated: true))
    }
  }

  func testTheCallersLabelsNameTheEntriesWithTheirMnemonics() {
    MainActor.assumeIsolated {
      var description = FormDescription()
      description.usernameLabel = "_Account"
      description.passwordLabel = "P_IN"
      let window = makeWindow(description)
      XCTAssertEqual(labelText(window.row(.username).label), "Account")
      XCTAssertEqual(labelText(window.row(.password).label), "PIN")
      XCTAssertEqual(
        gtk_label_get_mnemonic_keyval(lf_label(window.row(.password).label)), UInt32(GDK_KEY_i))
      let name = atk_object_get_name(gtk_widget_get_accessible(window.entry(of: .password)))
      XCTAssertEqual(String(borrowing: name), "PIN")
      window.finish(.cancelled)
    }
  }

  func testAGeneratedPasswordFillsBothFields() throws {
    try MainActor.assumeIsolated {
      var result: PromptResult?
      var description = lenient(.passwordOnly.repeatingPassword)
      description.generateButton = .init(label: "_Suggest")
      let window = makeWindow(description) { result = $0 }
      var asked = 0
      window.onGenerate = { asked += 1 }
      gtk_button_clicked(lf_button(try XCTUnwrap(window.layout.generateButton)))
      XCTAssertEqual(asked, 1)
      let generated = Array("Tr0ub4dor&3".utf8)
      let buffer = try XCTUnwrap(
        generated.withUnsafeBufferPointer { LockedCString(copying: $0) })
      window.fill(password: buffer)
      XCTAssertTrue(isSensitive(window.doneButton))
      gtk_button_clicked(lf_button(window.doneButton))
      XCTAssertEqual(
        result.map(Outcome.init), .submitted(username: nil, password: "Tr0ub4dor&3", repeated: true)
      )
    }
  }
}
