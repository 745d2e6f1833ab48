import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// A prompt that must hold the keyboard, while another client holds it.
final class GrabTests: GtkTestCase {
  /// The cause, and the next step.
  static let keyboardHeld =
    "Another program is holding the keyboard. Close its open menu or window; typing here resumes by itself."

  func testDoneStaysInsensitiveWhileAnotherClientHoldsTheKeyboard() throws {
    try MainActor.assumeIsolated {
      let other = try XCTUnwrap(XOpenDisplay(nil), "a second connection to the X server")
      defer { XCloseDisplay(other) }
      XCTAssertEqual(
        XGrabKeyboard(other, XDefaultRootWindow(other), 0, GrabModeAsync, GrabModeAsync, 0),
        GrabSuccess)
      XSync(other, 0)
      // Valid from the start: an empty password is accepted, so only the
      // keyboard can keep Done insensitive.
      var description = FormDescription(
        shape: .passwordOnly,
        rules: FormRules(
          username: try FieldRules(minimumLength: 0), password: try FieldRules(minimumLength: 0)))
      description.options.grabsKeyboard = true
      var result: PromptResult?
      let window = makeWindow(description, focused: false) { result = $0 }
      XCTAssertTrue(window.model.isValid)
      // The prompt gives up on the keyboard after ten tries, 100 ms apart.
      waitUntil("the prompt to give up on the keyboard") { window.frame.isKeyboardUnavailable }
      XCTAssertTrue(window.frame.isKeyboardUnavailable)
      XCTAssertFalse(isSensitive(window.doneButton), "nothing typed can be submitted")
      XCTAssertFalse(isSensitive(window.entry(of: .password)), "nor can anything be typed")
      XCTAssertEqual(labelText(window.frame.notice), Self.keyboardHeld)

      XUngrabKeyboard(other, 0)
      XSync(other, 0)
      waitUntil("the prompt to have the keyboard again") { !window.frame.isKeyboardUnavailable }
      XCTAssertTrue(isSensitive(window.doneButton))
      XCTAssertTrue(isSensitive(window.entry(of: .password)))
      window.finish(.cancelled)
      XCTAssertEqual(result.map(Outcome.init), .cancelled)
    }
  }

  func testBackingOutWhileTheKeyboardIsHeldElsewhereIsItsOwnEnd() throws {
    try MainActor.assumeIsolated {
      let other = try XCTUnwrap(XOpenDisplay(nil))
      defer { XCloseDisplay(other) }
      XGrabKeyboard(other, XDefaultRootWindow(other), 0, GrabModeAsync, GrabModeAsync, 0)
      XSync(other, 0)
      var description = lenient(.passwordOnly)
      description.options.grabsKeyboard = true
      var result: PromptResult?
      let window = makeWindow(description, focused: false) { result = $0 }
      waitUntil("the prompt to give up on the keyboard") { window.frame.isKeyboardUnavailable }
      window.finish(.cancelled)
      XCTAssertEqual(result.map(Outcome.init), .keyboardUnavailable)
    }
  }
}
