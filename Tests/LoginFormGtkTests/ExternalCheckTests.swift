import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// A password another program must accept (gpg-agent's passphrase
/// constraints), as the window shows it: its rule before typing, its
/// verdict on the password's message line, and Done held until it accepts.
final class ExternalCheckTests: GtkTestCase {
  @MainActor private static func checkedWindow(
    onFinish: @escaping @MainActor (PromptResult) -> Void
  )
    -> FormWindow
  {
    var description = lenient(.passwordOnly)
    description.passwordRequirement = "At least 8 characters, 1 digit"
    description.passwordRequirementDetails = "Your passphrase must be at least 8 characters long."
    description.externalCheck = ExternalCheck(refusalTitle: "Passphrase Not Allowed")
    return makeWindow(description, onFinish: onFinish)
  }

  func testTheRuleIsSaidDimlyBeforeTypingWithItsDetailsInTheTooltip() {
    MainActor.assumeIsolated {
      let window = Self.checkedWindow { _ in }
      let row = window.row(.password)
      XCTAssertEqual(row.messageText, "At least 8 characters, 1 digit")
      XCTAssertTrue(hasStyleClass("requirement", row.messageLine))
      XCTAssertEqual(
        String(taking: gtk_widget_get_tooltip_text(row.messageLine)),
        "Your passphrase must be at least 8 characters long.")
      window.finish(.cancelled)
    }
  }

  func testARefusalBecomesAnErrorWhenTheFieldIsLeft() {
    MainActor.assumeIsolated {
      var description = lenient(.passwordOnly.repeatingPassword)
      description.externalCheck = ExternalCheck(refusalTitle: "Passphrase Not Allowed")
      let window = makeWindow(description)
      let row = window.row(.password)
      typeText("abc", in: window)
      window.show(.refused(message: "Needs a digit", details: "Needs a digit"))
      XCTAssertFalse(row.isShowingError, "a hint while typing")
      press(GDK_KEY_Tab, in: window)
      XCTAssertEqual(focus(of: window), window.entry(of: .passwordRepeat))
      XCTAssertEqual(row.messageText, "Needs a digit")
      XCTAssertTrue(row.isShowingError, "left: an error, as the form's own issues are")
      window.finish(.cancelled)
    }
  }

  func testDoneWaitsForTheVerdictAndARefusalStandsOnTheLine() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = Self.checkedWindow { result = $0 }
      let row = window.row(.password)
      typeText("abc", in: window)
      XCTAssertFalse(isSensitive(window.doneButton), "no verdict yet")
      window.show(.refused(message: "Needs a digit", details: "Warning: …\n\nNeeds a digit"))
      XCTAssertEqual(row.messageText, "Needs a digit")
      XCTAssertFalse(row.isShowingError, "a hint while typing")
      XCTAssertEqual(accessibleDescription(of: row.entry), "Warning: …\n\nNeeds a digit")
      XCTAssertFalse(isSensitive(window.doneButton))
      press(GDK_KEY_Return, in: window)
      XCTAssertNil(result, "Enter cannot hand over a refused password")
      XCTAssertTrue(row.isShowingError, "an error once submitting was tried")
      typeText("1", in: window)
      XCTAssertEqual(row.messageText, "Needs a digit", "kept while the next verdict is awaited")
      XCTAssertFalse(isSensitive(window.doneButton))
      window.show(.accepted)
      XCTAssertEqual(row.messageText, "")
      XCTAssertTrue(isSensitive(window.doneButton))
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(result.map(Outcome.init), .form(nil, "abc1"))
    }
  }
}
