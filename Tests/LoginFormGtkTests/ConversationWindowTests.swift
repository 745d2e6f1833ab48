import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// A form that is one side of another program's conversation (PAM's,
/// through polkit): it waits until asked, hands over without ending, and
/// asks again in place with the other program's error on the field.
final class ConversationWindowTests: GtkTestCase {
  @MainActor private static func conversation(
    onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) -> FormWindow {
    var description = lenient(.passwordOnly)
    description.isConversation = true
    description.passwordLabel = "_Password for alice"
    return makeWindow(description, onFinish: onFinish)
  }

  func testNothingCanBeTypedOrSubmittedUntilTheOtherProgramAsks() {
    MainActor.assumeIsolated {
      let window = Self.conversation()
      let entry = window.entry(of: .password)
      XCTAssertFalse(isSensitive(entry), "PAM has not asked yet")
      XCTAssertFalse(isSensitive(window.doneButton))
      window.ask(label: "_Password for alice", echo: .masked, error: nil)
      XCTAssertTrue(isSensitive(entry))
      XCTAssertEqual(focus(of: window), entry, "the field takes the focus when asked")
      XCTAssertFalse(isSensitive(window.doneButton), "empty")
      window.finish(.cancelled)
    }
  }

  func testDoneHandsOverWithoutEndingAndTheWindowWaitsAgain() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      var handed: [Outcome] = []
      let window = Self.conversation { result = $0 }
      window.onSubmit = { handed.append(Outcome(.submitted($0))) }
      window.ask(label: "_Password for alice", echo: .masked, error: nil)
      typeText("wrong", in: window)
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(handed, [.form(nil, "wrong")])
      XCTAssertNil(result, "the window stays while PAM judges")
      XCTAssertFalse(isSensitive(window.entry(of: .password)))
      XCTAssertFalse(isSensitive(window.doneButton))
      gtk_window_activate_default(lf_window(window.window))
      // Even a click GTK would refuse an insensitive button.
      gtk_button_clicked(lf_button(window.doneButton))
      XCTAssertEqual(handed.count, 1, "nothing more is handed over while waiting")
      window.finish(.verified)
      XCTAssertEqual(result.map(Outcome.init), .verified)
    }
  }

  func testAskingAgainEmptiesTheFieldShowsTheErrorAndStartsTheFieldOver() {
    MainActor.assumeIsolated {
      let window = Self.conversation()
      window.onSubmit = { _ in }
      window.ask(label: "_Password for alice", echo: .masked, error: nil)
      typeText("wrong", in: window)
      press(GDK_KEY_Return, in: window)
      window.ask(
        label: "_Password for alice", echo: .masked,
        error: "Sorry, that did not work. Please try again.")
      let row = window.row(.password)
      XCTAssertEqual(gtk_entry_get_text_length(lf_entry(row.entry)), 0)
      XCTAssertEqual(row.messageText, "Sorry, that did not work. Please try again.")
      XCTAssertTrue(row.isShowingError)
      XCTAssertEqual(
        accessibleDescription(of: row.entry), "Sorry, that did not work. Please try again.",
        "a screen reader hears why")
      XCTAssertEqual(focus(of: window), row.entry)
      typeText("r", in: window)
      XCTAssertEqual(row.messageText, "", "the error goes with the first key")
      XCTAssertTrue(isSensitive(window.doneButton))
      window.finish(.cancelled)
    }
  }

  func testEachQuestionRelabelsTheFieldAndAnEchoedOneShowsWhatIsTyped() {
    MainActor.assumeIsolated {
      let window = Self.conversation()
      let entry = window.entry(of: .password)
      window.ask(label: "_Verification code", echo: .shownAtFirst, error: nil)
      XCTAssertEqual(labelText(window.row(.password).label), "Verification code")
      XCTAssertEqual(
        String(cString: atk_object_get_name(gtk_widget_get_accessible(entry))),
        "Verification code")
      XCTAssertNotEqual(gtk_entry_get_visibility(lf_entry(entry)), 0, "PAM's echo-on question")
      window.ask(label: "_Password for alice", echo: .masked, error: nil)
      XCTAssertEqual(gtk_entry_get_visibility(lf_entry(entry)), 0, "a password is masked")
      window.finish(.cancelled)
    }
  }

  func testWhatTheOtherProgramSaysShowsUnderTheFields() throws {
    try MainActor.assumeIsolated {
      let window = Self.conversation()
      let line = try XCTUnwrap(window.layout.conversationLine)
      XCTAssertEqual(gtk_widget_get_visible(line), 0, "nothing said yet, no room taken")
      window.say("Place your finger on the reader\nSwipe again")
      XCTAssertEqual(labelText(line), "Place your finger on the reader\nSwipe again")
      XCTAssertNotEqual(gtk_widget_get_visible(line), 0)
      waitForNextFrame(of: window.window)
      var y: Int32 = 0
      gtk_widget_translate_coordinates(
        line, window.entry(of: .password), 0, 0, nil, &y)
      XCTAssertGreaterThan(y, 0, "under the field, where the eyes are while typing")
      window.say(nil)
      XCTAssertEqual(gtk_widget_get_visible(line), 0)
      window.finish(.cancelled)
    }
  }

  func testCancelWhileWaitingEndsTheWindow() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = Self.conversation { result = $0 }
      press(GDK_KEY_Escape, in: window)
      XCTAssertEqual(result.map(Outcome.init), .cancelled)
    }
  }

  func testAChoiceSitsAboveTheFieldAndReportsEachChange() {
    MainActor.assumeIsolated {
      var description = lenient(.passwordOnly)
      description.isConversation = true
      description.choice = FormDescription.Choice(
        label: "Authenticate _as", options: ["alice", "root"], selected: 1)
      let window = makeWindow(description)
      var chosen: [Int] = []
      window.onChoose = { chosen.append($0) }
      let chooser = window.layout.chooser!
      XCTAssertEqual(gtk_combo_box_get_active(lf_combo_box(chooser)), 1, "root at first")
      let relations = atk_object_ref_relation_set(gtk_widget_get_accessible(chooser))
      defer { g_object_unref(relations) }
      XCTAssertNotEqual(
        atk_relation_set_contains(relations, ATK_RELATION_LABELLED_BY), 0,
        "a screen reader says its label, then the user chosen")
      XCTAssertTrue(isSensitive(chooser), "another user can be chosen while PAM waits")
      gtk_combo_box_set_active(lf_combo_box(chooser), 0)
      XCTAssertEqual(chosen, [0])
      window.finish(.cancelled)
    }
  }

  func testDetailsAreFoldedUnderTheTextUntilAskedFor() throws {
    try MainActor.assumeIsolated {
      var description = lenient(.passwordOnly)
      description.text = "Authentication is required to run a program as another user"
      description.details = "Action: org.freedesktop.policykit.exec"
      let window = makeWindow(description)
      let expander = try XCTUnwrap(window.layout.detailsExpander)
      XCTAssertEqual(gtk_expander_get_expanded(lf_expander(expander)), 0)
      let label = try XCTUnwrap(gtk_bin_get_child(lf_bin(expander)))
      XCTAssertEqual(labelText(label), "Action: org.freedesktop.policykit.exec")
      window.finish(.cancelled)
    }
  }
}
