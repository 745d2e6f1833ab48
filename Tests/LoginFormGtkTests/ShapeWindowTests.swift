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
      settle()
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

  func testASuggestedPassphraseIsShownSelectableAndEnterSubmitsIt() throws {
    try MainActor.assumeIsolated {
      var result: PromptResult?
      var description = lenient(.passwordOnly.repeatingPassword)
      description.generateButton = .init(label: "_Suggest")
      let window = makeWindow(description) { result = $0 }
      let generated = Array("wK3f-9hQz".utf8)
      window.fill(
        password: try XCTUnwrap(generated.withUnsafeBufferPointer { LockedCString(copying: $0) }))
      for field in [Field.password, .passwordRepeat] {
        let entry = lf_entry(window.entry(of: field))
        XCTAssertNotEqual(gtk_entry_get_visibility(entry), 0, "\(field) shows what was generated")
        gtk_editable_select_region(lf_editable(entry), 0, -1)
        XCTAssertNotEqual(
          gtk_editable_get_selection_bounds(lf_editable(entry), nil, nil), 0,
          "\(field) can be selected for copying")
      }
      XCTAssertEqual(focus(of: window), window.doneButton, "Enter submits what is on screen")
      // The first edit ends the exception: a typed passphrase is not copied.
      gtk_widget_grab_focus(window.entry(of: .password))
      press(GDK_KEY_End, in: window)
      typeText("x", in: window)
      let entry = lf_editable(window.entry(of: .password))
      gtk_editable_select_region(entry, 0, -1)
      XCTAssertEqual(gtk_editable_get_selection_bounds(entry, nil, nil), 0, "no selection again")
      press(GDK_KEY_BackSpace, in: window)
      gtk_widget_grab_focus(window.doneButton)
      // A button pressed by a key reports "clicked" after 250 ms.
      press(GDK_KEY_Return, in: window)
      waitUntil("the form to be submitted") { result != nil }
      XCTAssertEqual(
        result.map(Outcome.init), .submitted(username: nil, password: "wK3f-9hQz", repeated: true))
    }
  }

  func testTheQualityBarSaysTheLevelInWordsAndAFailingRatingAsAnError() throws {
    try MainActor.assumeIsolated {
      var description = lenient(.passwordOnly.repeatingPassword)
      description.qualityBar = .init(label: "Quality")
      description.generateButton = .init(label: "_Suggest")
      let window = makeWindow(description)
      let bar = try XCTUnwrap(window.layout.qualityBar)
      let words = try XCTUnwrap(window.layout.qualityText)
      // Under the passphrase, above Repeat; Suggest under the fields.
      let password = allocation(of: window.entry(of: .password))
      let repeated = allocation(of: window.entry(of: .passwordRepeat))
      let meter = allocation(of: bar)
      let suggestButton = try XCTUnwrap(window.layout.generateButton)
      let suggest = allocation(of: suggestButton)
      XCTAssertTrue(
        password.y < meter.y && meter.y < repeated.y, "\(password) \(meter) \(repeated)")
      XCTAssertGreaterThan(suggest.y, repeated.y + repeated.height, "under the fields")
      typeText("abc", in: window)
      window.showQuality(30)
      XCTAssertEqual(labelText(words), "Weak")
      XCTAssertEqual(gtk_level_bar_get_value(lf_level_bar(bar)), 0.3, accuracy: 0.001)
      window.showQuality(-80)
      XCTAssertEqual(labelText(words), "80 % — does not meet the agent’s rules")
      XCTAssertEqual(gtk_level_bar_get_value(lf_level_bar(bar)), 0.8, accuracy: 0.001)
      XCTAssertTrue(hasStyleClass("quality-failing", bar), "the error style, not an empty bar")
      window.showQuality(90)
      XCTAssertFalse(hasStyleClass("quality-failing", bar))
      XCTAssertEqual(labelText(words), "Strong")
      // Tab goes as the eye does: the passphrase, Repeat, then Suggest.
      gtk_widget_grab_focus(window.entry(of: .password))
      press(GDK_KEY_Tab, in: window)
      XCTAssertEqual(focus(of: window), window.entry(of: .passwordRepeat))
      press(GDK_KEY_Tab, in: window)
      XCTAssertEqual(focus(of: window), suggestButton)
      press(GDK_KEY_Tab, in: window, modifiers: GDK_SHIFT_MASK.rawValue)
      press(GDK_KEY_Tab, in: window, modifiers: GDK_SHIFT_MASK.rawValue)
      XCTAssertEqual(focus(of: window), window.entry(of: .password))
      window.finish(.cancelled)
    }
  }

  func testALongTitleBesideLongButtonsIsShownWhole() {
    MainActor.assumeIsolated {
      var description = lenient(.passwordOnly)
      description.options.title = "Legitimierung für sudo"
      description.okLabel = "_Legitimieren"
      description.cancelLabel = "_Abbrechen"
      description.options.timeoutSeconds = 20
      let window = makeWindow(description)
      let header = window.frame.headerTitle
      XCTAssertEqual(labelText(header.title), "Legitimierung für sudo")
      XCTAssertEqual(labelText(header.subtitle), "Cancels in 20 s")
      for label in [header.title, header.subtitle] {
        XCTAssertEqual(
          pango_layout_is_ellipsized(gtk_label_get_layout(lf_label(label))), 0, labelText(label))
      }
      window.finish(.cancelled)
    }
  }

  func testTheCallersWidthHoldsAgainstALongTitle() {
    MainActor.assumeIsolated {
      var description = lenient(.passwordOnly)
      description.options.title = "A title far longer than three hundred pixels of header bar"
      description.options.window.width = 300
      let window = makeWindow(description)
      XCTAssertLessThanOrEqual(allocation(of: window.frame.header).width, 300)
      XCTAssertNotEqual(
        pango_layout_is_ellipsized(gtk_label_get_layout(lf_label(window.frame.headerTitle.title))),
        0, "the title gives way")
      window.finish(.cancelled)
    }
  }
}
