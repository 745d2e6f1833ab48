import CGtk
import LoginFormModel
import XCTest

@testable import LoginFormGtk

final class KeyboardTests: GtkTestCase {
  func testFocusStartsInTheUsername() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      XCTAssertEqual(focus(of: window), window.username.entry)
      window.finish(.cancelled)
    }
  }

  func testAPrefilledUsernameStartsFocusInThePasswordAndKeepsItsMessageHidden() {
    MainActor.assumeIsolated {
      let window = makeWindow(PromptConfiguration(username: "bob"))
      XCTAssertEqual(focus(of: window), window.password.entry)
      XCTAssertEqual(text(of: window.username.entry), "bob")
      XCTAssertEqual(window.model.username, "bob")
      XCTAssertEqual(labelText(window.username.message), "")
      XCTAssertFalse(isSensitive(window.doneButton))
      window.finish(.cancelled)
    }
  }

  func testAValidPrefilledUsernameNeedsOnlyThePassword() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = makeWindow(PromptConfiguration(username: "alice.b")) { result = $0 }
      typeText("hunter22", in: window)
      XCTAssertTrue(isSensitive(window.doneButton))
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(result, .submitted(Credentials(username: "alice.b", password: "hunter22")))
    }
  }

  func testEnterInAnInvalidFormShowsEveryIssueAndKeepsFocus() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = makeWindow { result = $0 }
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(focus(of: window), window.password.entry)
      press(GDK_KEY_Return, in: window)
      XCTAssertNil(result)
      XCTAssertTrue(window.model.isSubmitAttempted)
      XCTAssertEqual(focus(of: window), window.password.entry)
      XCTAssertEqual(labelText(window.username.message), "6 more characters needed (at least 6)")
      XCTAssertEqual(labelText(window.password.message), "7 more characters needed (at least 7)")
      XCTAssertTrue(hasStyleClass("error", window.password.entry))
      window.finish(.cancelled)
    }
  }

  func testEscapeCancels() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = makeWindow { result = $0 }
      typeText("abcdef", in: window)
      press(GDK_KEY_Escape, in: window)
      XCTAssertEqual(result, .cancelled)
      XCTAssertEqual(window.result, .cancelled)
    }
  }
}
