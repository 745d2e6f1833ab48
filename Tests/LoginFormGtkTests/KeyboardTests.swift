import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

final class KeyboardTests: GtkTestCase {
  func testFocusStartsInTheUsername() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      XCTAssertEqual(focus(of: window), window.entry(of: .username))
      window.finish(.cancelled)
    }
  }

  func testAValidPrefilledUsernameStartsFocusInThePassword() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      var description = FormDescription()
      description.username = "alice.b"
      let window = makeWindow(description) { result = $0 }
      XCTAssertEqual(focus(of: window), window.entry(of: .password))
      XCTAssertEqual(message(of: .username, in: window), "")
      typeText("hunter22", in: window)
      XCTAssertTrue(isSensitive(window.doneButton))
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(result.map(Outcome.init), .form("alice.b", "hunter22"))
    }
  }

  func testEnterInTheUsernameMovesOnWhileTheFormIsInvalidAndSubmitsOnceItIsValid() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = makeWindow { result = $0 }
      typeText("alice.b", in: window)
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(focus(of: window), window.entry(of: .password))
      typeText("hunter22", in: window)
      gtk_widget_grab_focus(window.entry(of: .username))
      settle()
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(result.map(Outcome.init), .form("alice.b", "hunter22"))
    }
  }

  func testEnterInTheLastFieldOfAnInvalidFormShowsEveryIssueAndKeepsFocus() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = makeWindow { result = $0 }
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(focus(of: window), window.entry(of: .password))
      press(GDK_KEY_Return, in: window)
      XCTAssertNil(result)
      XCTAssertTrue(window.model.isSubmitAttempted)
      XCTAssertEqual(focus(of: window), window.entry(of: .password))
      XCTAssertEqual(message(of: .username, in: window), "At least 6 characters")
      XCTAssertEqual(message(of: .password, in: window), "At least 7 characters")
      XCTAssertTrue(window.row(.password).isShowingError)
      window.finish(.cancelled)
    }
  }

  func testControlHShowsAndHidesThePassword() {
    MainActor.assumeIsolated {
      let window = makeWindow(lenient(.passwordOnly))
      let entry = lf_entry(window.entry(of: .password))
      XCTAssertEqual(gtk_entry_get_visibility(entry), 0)
      press(GDK_KEY_h, in: window, modifiers: GDK_CONTROL_MASK.rawValue)
      XCTAssertNotEqual(gtk_entry_get_visibility(entry), 0)
      XCTAssertTrue(
        String(taking: gtk_entry_get_icon_tooltip_text(entry, GTK_ENTRY_ICON_SECONDARY))
          .contains("Ctrl+H"))
      press(GDK_KEY_h, in: window, modifiers: GDK_CONTROL_MASK.rawValue)
      XCTAssertEqual(gtk_entry_get_visibility(entry), 0)
      window.finish(.cancelled)
    }
  }

  func testEscapeCancels() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = makeWindow { result = $0 }
      typeText("abcdef", in: window)
      press(GDK_KEY_Escape, in: window)
      XCTAssertEqual(result.map(Outcome.init), .cancelled)
    }
  }
}
