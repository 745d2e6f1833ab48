import CGtk
import XCTest

@testable import LoginFormGtk

/// A test case that needs a display. Without one it skips when run by hand,
/// but fails when `CI=true`, so that CI can never pass by testing nothing.
class GtkTestCase: XCTestCase {
  struct NoDisplay: Error, CustomStringConvertible {
    var description: String {
      "No display: GTK tests must run under Xvfb in CI (make test does this)"
    }
  }

  private static let displayOpened: Bool = {
    // Synthesized key events reach widgets only with core device events.
    gdk_disable_multidevice()
    return gtk_init_check(nil, nil) != 0
  }()

  override func setUpWithError() throws {
    try super.setUpWithError()
    guard Self.displayOpened else {
      if String(borrowing: g_getenv("CI")).lowercased() == "true" {
        // A thrown error, unlike XCTSkip, fails the test.
        throw NoDisplay()
      }
      throw XCTSkip("No display; run under xvfb-run (make test does)")
    }
  }
}
