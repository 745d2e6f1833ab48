import CGtk
import LoginFormModel
import XCTest

@testable import LoginFormGtk

final class BindingTests: GtkTestCase {
  func testDoneIsInsensitiveAtLaunch() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      XCTAssertFalse(isSensitive(window.doneButton))
      window.finish(.cancelled)
    }
  }

  func testDoneFollowsTheModelForEveryBoundaryStepSetInTheEntries() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      let steps: [(String, String, Bool)] = [
        ("abcde", "", false), ("abcde", "abcdef", false), ("abcde", "abcdefg", false),
        ("abcdef", "abcdefg", true), ("abcdef", "abcdef", false), ("abcdef", "abcdefg", true),
        ("abcde", "abcdefg", false), ("  abcdef  ", "abcdefg", true),
        ("e\u{301}bcdef", "🔑🔑🔑🔑🔑🔑🔑", true),
        ("ab\tcdef", "abcdefg", false),
      ]
      for (username, password, valid) in steps {
        gtk_entry_set_text(lf_entry(window.username.entry), username)
        gtk_entry_set_text(lf_entry(window.password.entry), password)
        XCTAssertEqual(window.model.isValid, valid, "\(username) / \(password)")
        XCTAssertEqual(isSensitive(window.doneButton), valid, "\(username) / \(password)")
      }
      window.finish(.cancelled)
    }
  }

  func testTypingFlipsDoneExactlyWhenTheRulesSay() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      var flips: [String] = []
      var wasSensitive = isSensitive(window.doneButton)
      let record = { (field: String, typed: String) in
        let sensitive = isSensitive(window.doneButton)
        if sensitive != wasSensitive { flips.append("\(field):\(typed.count):\(sensitive)") }
        wasSensitive = sensitive
        XCTAssertEqual(sensitive, window.model.isValid)
      }
      typeText("abcdefg", in: window) { record("username", $0) }
      XCTAssertEqual(window.model.username, "abcdefg", "the keys reached the username entry")
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(focus(of: window), window.password.entry)
      typeText("abcdefgh", in: window) { record("password", $0) }
      XCTAssertEqual(flips, ["password:7:true"])
      press(GDK_KEY_BackSpace, in: window)
      press(GDK_KEY_BackSpace, in: window)
      XCTAssertFalse(isSensitive(window.doneButton))
      window.finish(.cancelled)
    }
  }

  func testMessagesAppearOnlyAfterAFieldIsTouchedAndTheErrorClassFollowsThem() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      XCTAssertEqual(labelText(window.username.message), "")
      XCTAssertEqual(labelText(window.password.message), "")
      XCTAssertFalse(hasStyleClass("error", window.username.entry))
      typeText("bob", in: window)
      XCTAssertEqual(labelText(window.username.message), "3 more characters needed (at least 6)")
      XCTAssertTrue(hasStyleClass("error", window.username.entry))
      XCTAssertEqual(labelText(window.password.message), "", "the password is untouched")
      typeText("bie", in: window)
      XCTAssertEqual(labelText(window.username.message), "")
      XCTAssertFalse(hasStyleClass("error", window.username.entry))
      window.finish(.cancelled)
    }
  }

  func testTheMessageLineKeepsItsHeightWhenAMessageAppears() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      let before = gtk_widget_get_allocated_height(window.window)
      typeText("bob", in: window)
      pump(milliseconds: 100)
      XCTAssertEqual(gtk_widget_get_allocated_height(window.window), before)
      window.finish(.cancelled)
    }
  }
}
