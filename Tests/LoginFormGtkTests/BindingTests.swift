import CGtk
import LoginFormModel
import LoginFormPrompt
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
        setText(username, of: .username, in: window)
        setText(password, of: .password, in: window)
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
      press(GDK_KEY_Tab, in: window)
      XCTAssertEqual(focus(of: window), window.entry(of: .password))
      typeText("abcdefgh", in: window) { record("password", $0) }
      XCTAssertEqual(flips, ["password:7:true"])
      press(GDK_KEY_BackSpace, in: window)
      press(GDK_KEY_BackSpace, in: window)
      XCTAssertFalse(isSensitive(window.doneButton))
      window.finish(.cancelled)
    }
  }

  func testAFirstTypedMessageIsAHintThatBecomesAnErrorWhenTheFieldIsLeft() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      let username = window.row(.username)
      XCTAssertEqual(username.messageText, "")
      typeText("bob", in: window)
      XCTAssertEqual(username.messageText, "3 more characters needed (at least 6)")
      XCTAssertFalse(username.isShowingError, "still typing: a hint")
      XCTAssertFalse(hasStyleClass("field-error", username.entry))
      press(GDK_KEY_Tab, in: window)
      XCTAssertTrue(username.isShowingError, "left: an error")
      XCTAssertTrue(hasStyleClass("field-error", username.entry))
      XCTAssertEqual(message(of: .password, in: window), "", "the password is untouched")
      setText("bobbie", of: .username, in: window)
      XCTAssertEqual(username.messageText, "", "cleared the moment it is valid")
      XCTAssertFalse(hasStyleClass("field-error", username.entry))
      window.finish(.cancelled)
    }
  }

  func testEachRequirementIsSaidBeforeTheUserTypes() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      let placeholder = { (field: Field) in
        String(borrowing: gtk_entry_get_placeholder_text(lf_entry(window.entry(of: field))))
      }
      XCTAssertEqual(placeholder(.username), "At least 6 characters")
      XCTAssertEqual(placeholder(.password), "At least 7 characters")
      window.finish(.cancelled)
      let lax = makeWindow(lenient(.usernameAndPassword))
      XCTAssertNil(gtk_entry_get_placeholder_text(lf_entry(lax.entry(of: .password))))
      lax.finish(.cancelled)
    }
  }

  func testAPrefilledUsernameThatBreaksTheRulesSaysSoAtOnceAndTakesTheFocus() {
    MainActor.assumeIsolated {
      var description = FormDescription()
      description.username = "root"
      let window = makeWindow(description)
      XCTAssertEqual(focus(of: window), window.entry(of: .username))
      XCTAssertEqual(message(of: .username, in: window), "2 more characters needed (at least 6)")
      XCTAssertTrue(window.row(.username).isShowingError)
      window.finish(.cancelled)
    }
  }

  func testTheMostUsefulIssueIsTheOneShown() throws {
    try MainActor.assumeIsolated {
      let rules = FormRules(
        username: try FieldRules(
          minimumLength: 6, separator: "|", refusesInvisibleCharacters: true),
        password: try FieldRules(minimumLength: 7))
      let window = makeWindow(FormDescription(rules: rules))
      typeText("a|", in: window)
      XCTAssertEqual(message(of: .username, in: window), "Cannot contain “|”")
      window.finish(.cancelled)
    }
  }
}
