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
    XCTAssertEqual(options.configuration.rules.username.minimumLength, 6)
    XCTAssertEqual(options.configuration.rules.password.minimumLength, 7)
    XCTAssertEqual(options.configuration.rules.password.maximumLength, 256)
    XCTAssertEqual(options.configuration.title, "Log In")
    XCTAssertEqual(options.configuration.okLabel, "_Done")
    XCTAssertNil(options.configuration.timeoutSeconds)
    XCTAssertFalse(options.showsVersion)
  }

  func testEveryOptionReachesTheConfiguration() throws {
    let options = try parse(
      "--title=Backup", "--text", "Sign in", "--username=zoë", "--ok-label=_Sign In",
      "--cancel-label=_Not Now", "--username-min-length=2", "--password-min-length=0",
      "--username-max-length=9", "--password-max-length=99", "--username-pattern=[a-zë]+",
      "--username-pattern-hint=letters only", "--separator=::", "--timeout=30")
    let configuration = options.configuration
    XCTAssertEqual(configuration.title, "Backup")
    XCTAssertEqual(configuration.text, "Sign in")
    XCTAssertEqual(configuration.username, "zoë")
    XCTAssertEqual(configuration.okLabel, "_Sign In")
    XCTAssertEqual(configuration.cancelLabel, "_Not Now")
    XCTAssertEqual(configuration.rules.username.minimumLength, 2)
    XCTAssertEqual(configuration.rules.username.maximumLength, 9)
    XCTAssertEqual(configuration.rules.password.minimumLength, 0)
    XCTAssertEqual(configuration.rules.password.maximumLength, 99)
    XCTAssertEqual(configuration.rules.username.pattern?.hint, "letters only")
    XCTAssertEqual(configuration.timeoutSeconds, 30)
    XCTAssertEqual(options.output, .separated(by: "::"))
    XCTAssertEqual(try parse("--json").output, .json)
    XCTAssertTrue(try parse("--version").showsVersion)
  }

  func testASeparatorIsRefusedInsideTheUsername() throws {
    XCTAssertEqual(try parse("--separator=|").configuration.rules.username.separator, "|")
    XCTAssertNil(try parse("--separator=|").configuration.rules.password.separator)
    XCTAssertNil(try parse().configuration.rules.username.separator)
    XCTAssertNil(
      try parse("--separator=\n").configuration.rules.username.separator,
      "a newline is refused as a control character already")
  }

  func testAMalformedNumberIsReportedByGLib() {
    guard case .parse(let message) = error("--timeout=abc") else {
      return XCTFail("--timeout=abc was accepted")
    }
    XCTAssertTrue(message.contains("abc"), message)
  }

  func testBadValuesAreRejectedWithTheOptionNamed() {
    XCTAssertEqual(
      error("--username-min-length=-1"),
      .invalidValue(option: "username-min-length", reason: "must not be negative"))
    XCTAssertEqual(
      error("--timeout=0"), .invalidValue(option: "timeout", reason: "must be at least 1 second"))
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
    for failure in [error("--timeout=abc"), error("--json", "--separator=x"), error("x")] {
      let line = failure?.description ?? ""
      XCTAssertFalse(line.isEmpty)
      XCTAssertFalse(line.contains("\n"), line)
    }
  }
}
