import CGtk
import XCTest

@testable import LoginFormGtk

/// The conversions at the C boundary that every GTK call site shares.
final class GtkInteropTests: GtkTestCase {
  func testTheMessageOfAnErrorIsTakenAndTheErrorFreed() {
    let error = g_error_new_literal(g_quark_from_static_string("test"), 1, "bad markup")
    XCTAssertEqual(takeMessage(error), "bad markup")
  }

  // g_error_free(NULL) prints a CRITICAL, which the test case counts.
  func testNoErrorGivesAnEmptyMessageAndNoCritical() {
    XCTAssertEqual(takeMessage(nil), "")
  }
}
