import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// The room under the fields, measured on the laid-out widgets: 18 px
/// between the last row and the window's edge, and message lines that keep
/// their height while their text changes, so no row moves under the user.
final class MessageAreaTests: GtkTestCase {
  func testTheLastRowEnds18PxAboveTheWindowsEdge() {
    MainActor.assumeIsolated {
      var offering = lenient(.passwordOnly)
      offering.rememberOffer = RememberOffer(label: "Save in password _manager")
      for description in [
        FormDescription(), lenient(FormShape.passwordOnly.repeatingPassword), offering,
      ] {
        let window = makeWindow(description)
        let last = window.layout.rememberBox ?? window.rows.last!.messageLine
        let bottom = visibleFrame(of: window.frame)
        let lastBox = allocation(of: last)
        XCTAssertEqual(
          bottom.y + bottom.height - (lastBox.y + lastBox.height), 18,
          "under the last row of \(description.shape)")
        window.finish(.cancelled)
      }
    }
  }

  func testALongPatternHintGivingWayToAShortMessageMovesNoRow() {
    MainActor.assumeIsolated {
      let hint =
        "Your university account: st followed by the six digits of your student number, "
        + "as printed on the back of your card"
      let pattern = UsernamePattern(source: "st[0-9]{6}", hint: hint) { _ in .mismatch }
      let rules = FormRules(
        username: try! FieldRules(minimumLength: 6, pattern: pattern),
        password: try! FieldRules(minimumLength: 1))
      let window = makeWindow(FormDescription(rules: rules))
      let requirement = message(of: .username, in: window)
      XCTAssertTrue(requirement.hasSuffix(hint), requirement)
      XCTAssertFalse(isCut(window.row(.username)), "the requirement is shown whole")
      let before = place(of: window.entry(of: .password))
      typeText("ab1", in: window) { _ in waitForNextFrame(of: window.window) }
      XCTAssertNotEqual(message(of: .username, in: window), requirement, "a shorter message now")
      XCTAssertEqual(place(of: window.entry(of: .password)), before, "the password row")
      window.finish(.cancelled)
    }
  }

  func testARefusalSwitchingBetweenOneAndThreeLinesMovesNoRow() {
    MainActor.assumeIsolated {
      var description = lenient(FormShape.passwordOnly.repeatingPassword)
      description.passwordRequirement = "At least 8 characters, 1 digit"
      description.externalCheck = ExternalCheck(refusalTitle: "Passphrase Not Allowed")
      let window = makeWindow(description)
      let repeatEntry = window.entry(of: .passwordRepeat)
      let before = place(of: repeatEntry)
      let height = allocation(of: window.window).height
      typeText("abc", in: window)
      // gpg-agent's two usual reasons together: three lines at this width.
      let long =
        "A passphrase should be at least 8 characters long. "
        + "A passphrase should contain at least 1 digit or special character."
      for refusal in [long, "Needs a digit", long, String(repeating: long + " ", count: 4)] {
        window.show(.refused(message: refusal, details: refusal))
        waitForNextFrame(of: window.window)
        XCTAssertEqual(window.row(.password).messageText, refusal)
        XCTAssertEqual(isCut(window.row(.password)), refusal.count > 2 * long.count, refusal)
        let lines = pango_layout_get_line_count(
          gtk_label_get_layout(lf_label(window.row(.password).messageLabel)))
        XCTAssertEqual(lines, refusal.count < 20 ? 1 : 3, refusal)
        XCTAssertEqual(place(of: repeatEntry), before, "the repeat row with \(refusal)")
        XCTAssertEqual(allocation(of: window.window).height, height, "the window's height")
      }
      window.finish(.cancelled)
    }
  }
}

/// The part of a window the user sees as its frame: as wide as its header
/// bar (Xvfb has no compositor, so the border around it is the same on
/// every side).
@MainActor func visibleFrame(of frame: PromptFrame) -> GtkAllocation {
  let header = allocation(of: frame.header)
  let outer = allocation(of: frame.window)
  let border = header.x - outer.x
  return GtkAllocation(
    x: header.x, y: header.y, width: header.width, height: outer.height - 2 * border)
}

/// Where `widget` is and how big, comparably.
@MainActor private func place(of widget: UnsafeMutablePointer<GtkWidget>) -> [Int32] {
  let box = allocation(of: widget)
  return [box.x, box.y, box.width, box.height]
}

/// Whether the message line of `row` shows less than its text.
@MainActor private func isCut(_ row: FieldRow) -> Bool {
  pango_layout_is_ellipsized(gtk_label_get_layout(lf_label(row.messageLabel))) != 0
}
