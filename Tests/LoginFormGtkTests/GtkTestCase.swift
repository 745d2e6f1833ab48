import CGtk
import LoginFormPrompt
import Synchronization
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
    g_log_set_writer_func(countingWriter, nil, nil)
    return gtk_init_check(nil, nil) != 0
  }()

  /// GLib warnings and criticals so far: each is a bug (a widget used after
  /// it was destroyed, a wrong cast), which GTK only prints.
  static let warnings = Atomic<Int>(0)
  private var warningsBefore = 0

  override func setUpWithError() throws {
    try super.setUpWithError()
    guard Self.displayOpened else {
      if String(borrowing: g_getenv("CI")).lowercased() == "true" {
        // A thrown error, unlike XCTSkip, fails the test.
        throw NoDisplay()
      }
      throw XCTSkip("No display; run under xvfb-run (make test does)")
    }
    warningsBefore = Self.warnings.load(ordering: .relaxed)
  }

  override func tearDown() {
    XCTAssertEqual(
      Self.warnings.load(ordering: .relaxed), warningsBefore,
      "GLib printed a warning or critical during the test (see the log)")
    super.tearDown()
  }
}

/// Counts warnings and criticals, then prints them as GLib would.
private let countingWriter: GLogWriterFunc = { level, fields, count, data in
  let serious = GLogLevelFlags(
    rawValue: G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue
      | G_LOG_LEVEL_WARNING.rawValue)
  if level.rawValue & serious.rawValue != 0 {
    GtkTestCase.warnings.add(1, ordering: .relaxed)
  }
  return g_log_writer_default(level, fields, count, data)
}
