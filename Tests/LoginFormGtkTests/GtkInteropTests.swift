import CGtk
import XCTest

@testable import LoginFormGtk

/// The conversions at the C boundary that every GTK call site shares.
final class GtkInteropTests: GtkTestCase {
  func testTheMessageOfAnErrorIsTakenAndTheErrorFreed() {
    let error = g_error_new_literal(g_quark_from_string("test"), 1, "bad markup")
    XCTAssertEqual(takeMessage(error), "bad markup")
  }

  /// A message may quote what GLib read (a style sheet, a pattern, a file
  /// name from the command line): it comes out as one line with nothing a
  /// terminal would obey.
  func testAMessageWithEscapesIsTakenAsOnePrintableLine() {
    let error = g_error_new_literal(
      g_quark_from_string("test"), 1, "\u{1B}]0;PWNED-title\u{07}\u{1B}[2J\nsecond line")
    XCTAssertEqual(takeMessage(error), "^[]0;PWNED-title^G^[[2J second line")
  }

  // g_error_free(NULL) prints a CRITICAL, which the test case counts.
  func testNoErrorGivesAnEmptyMessageAndNoCritical() {
    XCTAssertEqual(takeMessage(nil), "")
  }
}
