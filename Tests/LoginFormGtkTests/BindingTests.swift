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
      XCTAssertEqual(username.messageText, "At least 6 characters", "the rule, before typing")
      typeText("bob", in: window)
      XCTAssertEqual(username.messageText, "3 more characters needed (at least 6)")
      XCTAssertFalse(username.isShowingError, "still typing: a hint")
      XCTAssertFalse(hasStyleClass("field-error", username.entry))
      press(GDK_KEY_Tab, in: window)
      XCTAssertTrue(username.isShowingError, "left: an error")
      XCTAssertTrue(hasStyleClass("field-error", username.entry))
      XCTAssertEqual(
        message(of: .password, in: window), "At least 7 characters", "the password is untouched")
      setText("bobbie", of: .username, in: window)
      XCTAssertEqual(username.messageText, "", "cleared the moment it is valid")
      XCTAssertFalse(hasStyleClass("field-error", username.entry))
      window.finish(.cancelled)
    }
  }

  func testEachRequirementIsSaidDimOnItsMessageLineBeforeTheUserTypes() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      for (field, rule) in [
        (Field.username, "At least 6 characters"), (.password, "At least 7 characters"),
      ] {
        let row = window.row(field)
        XCTAssertEqual(row.messageText, rule)
        XCTAssertTrue(hasStyleClass("requirement", row.messageLine), "dim: not yet a hint")
        XCTAssertFalse(row.isShowingError)
        XCTAssertNil(
          gtk_entry_get_placeholder_text(lf_entry(row.entry)),
          "GTK 3 hides a placeholder in the focused field")
        XCTAssertEqual(accessibleDescription(of: row.entry), rule)
      }
      // Typing replaces the rule by what is missing, plainly.
      typeText("ab", in: window)
      XCTAssertEqual(message(of: .username, in: window), "4 more characters needed (at least 6)")
      XCTAssertFalse(hasStyleClass("requirement", window.row(.username).messageLine))
      window.finish(.cancelled)
      let lax = makeWindow(lenient(.usernameAndPassword))
      XCTAssertEqual(message(of: .password, in: lax), "", "no rule worth saying")
      lax.finish(.cancelled)
    }
  }

  func testThePatternHintIsPartOfTheRequirement() throws {
    try MainActor.assumeIsolated {
      let pattern = UsernamePattern(source: "[a-z]+", hint: "Lowercase letters") {
        $0.allSatisfy(\.isLowercase) ? .match : .mismatch
      }
      let rules = FormRules(
        username: try FieldRules(minimumLength: 3, pattern: pattern),
        password: try FieldRules(minimumLength: 0))
      let window = makeWindow(FormDescription(rules: rules))
      XCTAssertEqual(
        message(of: .username, in: window), "At least 3 characters · Lowercase letters")
      XCTAssertEqual(message(of: .password, in: window), "")
      window.finish(.cancelled)
    }
  }

  func testTheCallersErrorIsOnThePasswordLineUntilTheFirstKey() {
    MainActor.assumeIsolated {
      var description = lenient(.passwordOnly)
      description.error = "Bad Passphrase (try 2 of 3)"
      description.text = "Please enter the passphrase"
      let window = makeWindow(description)
      let row = window.row(.password)
      XCTAssertEqual(row.messageText, "Bad Passphrase (try 2 of 3)")
      XCTAssertTrue(row.isShowingError)
      XCTAssertTrue(hasStyleClass("field-error", row.entry), "the outline")
      XCTAssertEqual(labelText(window.layout.text!), "Please enter the passphrase", "stays above")
      typeText("x", in: window)
      XCTAssertEqual(row.messageText, "")
      XCTAssertFalse(row.isShowingError)
      press(GDK_KEY_BackSpace, in: window)
      XCTAssertEqual(row.messageText, "Required", "gone for good, not back on an empty field")
      window.finish(.cancelled)
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

  func testCapsLockIsSaidBesideTheLiveHintAndInTheDescription() {
    MainActor.assumeIsolated {
      let window = makeWindow(FormDescription(shape: .passwordOnly))
      let row = window.row(.password)
      typeText("abcde", in: window)
      let hint = "2 more characters needed (at least 7)"
      XCTAssertEqual(row.messageText, hint)
      let below = allocation(of: row.messageLine)
      row.showCapsLock(true)
      waitForNextFrame(of: window.window)
      XCTAssertEqual(row.messageText, "Caps Lock is on · " + hint, "beside, not instead")
      XCTAssertEqual(accessibleDescription(of: row.entry), "Caps Lock is on · " + hint)
      XCTAssertEqual(allocation(of: row.messageLine).height, below.height, "nothing moves")
      row.showCapsLock(false)
      XCTAssertEqual(row.messageText, hint)
      XCTAssertEqual(accessibleDescription(of: row.entry), hint)
      window.finish(.cancelled)
    }
  }
}
