import LoginFormModel
import XCTest

@testable import LoginFormGtk

// Parsing needs no display, so these are plain XCTest cases.
final class CommandLineOptionsTests: XCTestCase {
  private func parse(_ arguments: String...) throws -> CommandLineOptions {
    try CommandLineOptions.parse(["login-form"] + arguments)
  }

  private func error(_ arguments: String...) -> OptionsError? {
    do {
      _ = try CommandLineOptions.parse(["login-form"] + arguments)
      return nil
    } catch {
      return error
    }
  }

  func testNoOptionsGiveTheOriginalRulesAndTwoLines() throws {
    let options = try parse()
    XCTAssertEqual(options.output, .lines)
    XCTAssertEqual(options.description.shape, .usernameAndPassword)
    XCTAssertEqual(options.description.rules.username.minimumLength, 6)
    XCTAssertEqual(options.description.rules.password.minimumLength, 7)
    XCTAssertEqual(options.description.rules.password.maximumLength, 256)
    XCTAssertNil(options.description.window.title)
    XCTAssertNil(options.description.okLabel)
    XCTAssertNil(options.description.window.timeoutSeconds)
    XCTAssertFalse(options.showsVersion)
  }

  func testEveryOptionReachesTheDescription() throws {
    let options = try parse(
      "--title=Backup", "--text", "Sign in", "--username=zoë", "--ok-label=_Sign In",
      "--cancel-label=_Not Now", "--username-min-length=2", "--password-min-length=0",
      "--username-max-length=9", "--password-max-length=99", "--username-pattern=[a-zë]+",
      "--username-pattern-hint=letters only", "--separator=::", "--timeout=30",
      "--username-label=_Account", "--password-label=P_IN", "--width=600", "--keep-above",
      "--attach=0x2a00007", "--modal", "--grab", "--window-icon=dialog-password")
    let description = options.description
    XCTAssertEqual(description.window.title, "Backup")
    XCTAssertEqual(description.text, "Sign in")
    XCTAssertEqual(description.username, "zoë")
    XCTAssertEqual(description.okLabel, "_Sign In")
    XCTAssertEqual(description.cancelLabel, "_Not Now")
    XCTAssertEqual(description.usernameLabel, "_Account")
    XCTAssertEqual(description.passwordLabel, "P_IN")
    XCTAssertEqual(description.rules.username.minimumLength, 2)
    XCTAssertEqual(description.rules.username.maximumLength, 9)
    XCTAssertEqual(description.rules.password.minimumLength, 0)
    XCTAssertEqual(description.rules.password.maximumLength, 99)
    XCTAssertEqual(description.rules.username.pattern?.hint, "letters only")
    XCTAssertEqual(description.window.timeoutSeconds, 30)
    XCTAssertEqual(description.window.width, 600)
    XCTAssertEqual(description.window.parentWindow, 0x2a0_0007)
    XCTAssertTrue(description.window.isModal)
    XCTAssertTrue(description.window.keepsAbove)
    XCTAssertTrue(description.window.grabsKeyboard)
    XCTAssertEqual(description.window.icon, "dialog-password")
    XCTAssertEqual(options.output, .separated(by: "::"))
    XCTAssertEqual(try parse("--json").output, .json)
    XCTAssertTrue(try parse("--version").showsVersion)
  }

  func testThePasswordAloneAndTheNewPasswordShapes() throws {
    XCTAssertEqual(try parse("--password-only").description.shape, .passwordOnly)
    XCTAssertEqual(
      try parse("--new-password").description.shape,
      FormShape(username: true, repeatsPassword: true))
    XCTAssertEqual(
      try parse("--password-only", "--new-password").description.shape,
      .passwordOnly.repeatingPassword)
    XCTAssertEqual(
      error("--password-only", "--separator=|"), .conflict("separator", "password-only"))
    XCTAssertEqual(
      error("--password-only", "--username=bob"), .conflict("username", "password-only"))
  }

  func testASeparatorIsRefusedInsideTheUsername() throws {
    XCTAssertEqual(try parse("--separator=|").description.rules.username.separator, "|")
    XCTAssertNil(try parse("--separator=|").description.rules.password.separator)
    XCTAssertNil(try parse().description.rules.username.separator)
    XCTAssertNil(
      try parse("--separator=\n").description.rules.username.separator,
      "a newline is refused as a control character already")
  }

  func testAMalformedNumberIsRejectedWithItsRange() {
    XCTAssertEqual(
      error("--timeout=abc"),
      .invalidValue(option: "timeout", reason: "must be a whole number from 1 to 2147483647"))
  }

  func testTimeoutsThatCannotBeHonouredAreRejected() {
    for value in ["-2147483648", "0", "-1", "2147483648", "99999999999999999999", "1e3", " 5"] {
      XCTAssertNotNil(error("--timeout=" + value), value)
    }
    XCTAssertEqual(
      try parse("--timeout=2147483647").description.window.timeoutSeconds, 2_147_483_647)
  }

  func testAMinimumTheEntryCannotHoldIsRejected() {
    XCTAssertEqual(
      error("--password-max-length=100000", "--password-min-length=70000"),
      .invalidValue(
        option: "password-min-length", reason: "70000 is more than the 65535 the entry holds"))
  }

  func testAPrefilledUsernameLongerThanTheEntryIsRejected() {
    let long = String(repeating: "a", count: 2049)
    XCTAssertEqual(
      error("--username=" + long),
      .invalidValue(option: "username", reason: "is longer than the 2048 the entry holds"))
  }

  func testEmptyButtonLabelsAreRejected() {
    XCTAssertEqual(
      error("--ok-label="), .invalidValue(option: "ok-label", reason: "must not be empty"))
    XCTAssertEqual(
      error("--cancel-label=_"), .invalidValue(option: "cancel-label", reason: "must not be empty"))
  }

  func testMarkupIsValidatedOnlyWhenAskedFor() throws {
    XCTAssertEqual(try parse("--text=<b>bold</b>").description.textIsMarkup, false)
    XCTAssertEqual(try parse("--text=<b>bold</b>", "--text-markup").description.textIsMarkup, true)
    guard case .invalidValue(let option, let reason) = error("--text=<b>bold", "--text-markup")
    else { return XCTFail("broken markup was accepted") }
    XCTAssertEqual(option, "text")
    XCTAssertFalse(reason.isEmpty)
  }

  func testWindowOptionsAreChecked() {
    XCTAssertNotNil(error("--attach=nonsense"))
    XCTAssertEqual(error("--modal"), .conflict("modal", "attach"))
    XCTAssertNotNil(error("--width=0"))
    guard case .invalidValue(let option, _) = error("--window-icon=/no/such/icon.png") else {
      return XCTFail("a missing icon file was accepted")
    }
    XCTAssertEqual(option, "window-icon")
  }

  func testBadValuesAreRejectedWithTheOptionNamed() {
    XCTAssertEqual(
      error("--username-min-length=-1"),
      .invalidValue(
        option: "username-min-length", reason: "must be a whole number from 0 to 2147483647"))
    XCTAssertEqual(
      error("--password-min-length=9", "--password-max-length=8"),
      .invalidValue(option: "password-min-length", reason: "9 is above the maximum of 8"))
    XCTAssertEqual(
      error("--separator="), .invalidValue(option: "separator", reason: "must not be empty"))
    XCTAssertEqual(error("--json", "--separator=|"), .conflict("json", "separator"))
    XCTAssertEqual(error("stray"), .unexpectedArgument("stray"))
  }

  func testAnInvalidPatternIsAnOptionError() {
    guard case .invalidValue(let option, let reason) = error("--username-pattern=[a-z") else {
      return XCTFail("an invalid pattern was accepted")
    }
    XCTAssertEqual(option, "username-pattern")
    XCTAssertFalse(reason.isEmpty)
  }

  func testAnUnknownOptionIsAnError() {
    guard case .parse(let message) = error("--password=secret") else {
      return XCTFail("--password must not exist")
    }
    XCTAssertTrue(message.contains("--password"), message)
  }

  func testErrorsReadAsOneLine() {
    for failure in [
      error("--timeout=abc"), error("--json", "--separator=x"), error("x"), error("--bogus"),
    ] {
      let line = failure?.description ?? ""
      XCTAssertFalse(line.isEmpty)
      XCTAssertFalse(line.contains("\n"), line)
    }
  }
}
