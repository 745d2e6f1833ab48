import LoginFormModel
import XCTest

@testable import LoginFormGtk

final class IssueMessageTests: XCTestCase {
  func testCountsUseTheRightPluralForm() {
    XCTAssertEqual(
      IssueMessage.text(for: .tooShort(minimum: 6, missing: 1)),
      "1 more character needed (at least 6)")
    XCTAssertEqual(
      IssueMessage.text(for: .tooShort(minimum: 7, missing: 2)),
      "2 more characters needed (at least 7)")
    XCTAssertEqual(IssueMessage.text(for: .tooLong(maximum: 1)), "At most 1 character")
    XCTAssertEqual(IssueMessage.text(for: .tooLong(maximum: 256)), "At most 256 characters")
  }

  func testThePatternMessageIsTheCallersHint() {
    XCTAssertEqual(
      IssueMessage.text(for: .patternMismatch(hint: "Use your staff ID")), "Use your staff ID")
    XCTAssertEqual(
      IssueMessage.text(for: .patternMismatch(hint: nil)), "Not in the expected format")
  }

  func testTheSeparatorMessageNamesTheSeparator() {
    XCTAssertEqual(
      IssueMessage.text(for: .containsSeparator("|")),
      "Cannot contain “|”, which separates the output")
  }

  func testSeveralIssuesGetALineEach() {
    XCTAssertEqual(
      IssueMessage.text(for: [.tooShort(minimum: 7, missing: 4), .controlCharacter]),
      "4 more characters needed (at least 7)\nNo control characters or line breaks")
  }

  func testFormattingFillsPositionalAndSequentialConversions() {
    XCTAssertEqual(formatted("%s and %d", "a", 2), "a and 2")
    XCTAssertEqual(formatted("%2$s before %1$s", "x", "y"), "y before x")
    XCTAssertEqual(formatted("100%% of %s", "it"), "100% of it")
    XCTAssertEqual(formatted("%s %s", "only"), "only %s", "a missing argument is left visible")
  }
}
