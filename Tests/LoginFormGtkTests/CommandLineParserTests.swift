import CGtk
import XCTest

@testable import LoginFormGtk

/// GLib's parse of a command line: it collects what was given and leaves
/// the checks to the front-end core. Needs no display.
final class CommandLineParserTests: XCTestCase {
  private let options: [CommandLineParser.Option] = [
    ("title", "TITLE", "Window title"), ("timeout", "SECONDS", "Give up"),
    ("grab", nil, "Hold the keyboard"), ("json", nil, "Print JSON"),
  ]

  private func parse(_ arguments: String...) throws -> CommandLineParser.Values {
    try CommandLineParser.parse(
      arguments: ["login-form"] + arguments, options: options, summary: "Test",
      translationDomain: "login-form")
  }

  func testTextOptionsAndFlagsAreCollectedAsGiven() throws {
    let values = try parse("--title", "Sign in", "--timeout=abc", "--grab")
    XCTAssertEqual(values.texts["title"], Array("Sign in".utf8))
    XCTAssertEqual(values.texts["timeout"], Array("abc".utf8), "checking is the core's job")
    XCTAssertEqual(values.flags, ["grab"])
    XCTAssertEqual(values.positional, [])
  }

  func testWhatIsNotGivenIsAbsent() throws {
    let values = try parse()
    XCTAssertTrue(values.texts.isEmpty)
    XCTAssertTrue(values.flags.isEmpty)
  }

  func testArgumentsAfterTheOptionsArePositional() throws {
    XCTAssertEqual(try parse("--json", "stray", "more").positional, ["stray", "more"])
  }

  func testAnUnknownOptionIsGLibsOneLineComplaint() {
    XCTAssertThrowsError(try parse("--password=secret")) { error in
      let message = (error as? CommandLineParser.Failure)?.message ?? ""
      XCTAssertTrue(message.contains("--password"), message)
      XCTAssertFalse(message.contains("\n"), message)
    }
  }

  // GTK keeps the display's name for the rest of the process (a real run
  // parses once), so no other test here says anything about it.
  func testGTKsOwnOptionsAreTaken() throws {
    XCTAssertEqual(try parse("--display", ":42").displayName, ":42")
  }

  func testRawBytesReachTheCoreUnchanged() throws {
    // A Swift string cannot carry 0xFF; the process's own argv can.
    let bytes: [UInt8] = [0x41, 0xFF, 0x42]
    var raw: [CChar] =
      Array("--title=".utf8CString.dropLast()) + bytes.map { CChar(bitPattern: $0) } + [0]
    let program = strdup("login-form")
    defer { free(program) }
    let values = try raw.withUnsafeMutableBufferPointer { title in
      var argv: [UnsafeMutablePointer<CChar>?] = [program, title.baseAddress, nil]
      return try argv.withUnsafeMutableBufferPointer {
        try CommandLineParser.parse(
          argv: $0.baseAddress!, options: options, summary: "", translationDomain: "login-form")
      }
    }
    XCTAssertEqual(values.texts["title"], bytes)
  }
}

/// Pango and GdkPixbuf as the option checks use them. Needs no display.
final class ResourceChecksTests: XCTestCase {
  func testMarkupThatParsesHasNoProblemAndBrokenMarkupHasPangosReason() {
    XCTAssertNil(ResourceChecks.markupProblem("<b>bold</b> &amp; plain"))
    let problem = ResourceChecks.markupProblem("<b>bold")
    XCTAssertNotNil(problem)
    XCTAssertFalse(problem?.isEmpty ?? true)
  }

  func testAnImageThatLoadsHasNoProblemAndAMissingOneHasGdkPixbufsReason() throws {
    let icon = "resources/icons/hicolor/scalable/apps/io.github.loginform.LoginForm.svg"
    let root = #filePath.split(separator: "/").dropLast(3).map { "/" + $0 }.joined()
    XCTAssertNil(ResourceChecks.iconProblem(root + "/" + icon))
    XCTAssertNotNil(ResourceChecks.iconProblem("/no/such/icon.png"))
  }
}
