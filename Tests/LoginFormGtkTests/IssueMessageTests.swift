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
    XCTAssertEqual(
      IssueMessage.text(for: .tooManyBytes(maximum: 255, actual: 256)),
      "Too long by 1 byte (at most 255)")
  }

  func testAnEmptyRequiredFieldSaysSoPlainly() {
    XCTAssertEqual(IssueMessage.text(for: .tooShort(minimum: 1, missing: 1)), "Required")
  }

  func testThePatternMessageIsTheCallersHint() {
    XCTAssertEqual(
      IssueMessage.text(for: .patternMismatch(hint: "Use your staff ID")), "Use your staff ID")
    XCTAssertEqual(
      IssueMessage.text(for: .patternMismatch(hint: nil)), "Not in the expected format")
    XCTAssertEqual(
      IssueMessage.text(for: .patternTooComplex), "The pattern is too complex to check")
  }

  func testSeparatorMessagesSpeakToThePersonTyping() {
    XCTAssertEqual(IssueMessage.text(for: .containsSeparator("|")), "Cannot contain “|”")
    XCTAssertEqual(
      IssueMessage.text(for: .endsWithSeparatorStart(separator: "::", suffix: ":")),
      "Cannot end with “:”")
  }

  func testTheMismatchTextCanComeFromTheCaller() {
    XCTAssertEqual(IssueMessage.text(for: .doesNotMatch), "Does not match the password")
    XCTAssertEqual(
      IssueMessage.text(for: .doesNotMatch, mismatchText: "does not match - try again"),
      "does not match - try again")
  }

  func testFormattingFillsPositionalAndSequentialConversions() {
    XCTAssertEqual(formatted("%s and %d", "a", 2), "a and 2")
    XCTAssertEqual(formatted("%2$s before %1$s", "x", "y"), "y before x")
    XCTAssertEqual(formatted("100%% of %s", "it"), "100% of it")
    XCTAssertEqual(formatted("%s %s", "only"), "only %s", "a missing argument is left visible")
  }
}
