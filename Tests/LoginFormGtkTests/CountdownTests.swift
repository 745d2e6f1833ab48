import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

final class CountdownTests: GtkTestCase {
  func testTheTimeLeftIsShownAndTypingStopsTheCountdown() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      var description = FormDescription()
      description.options.timeoutSeconds = 2
      let window = makeWindow(description) { result = $0 }
      XCTAssertEqual(window.frame.subtitle, "Closes in 2 seconds")
      typeText("a", in: window)
      XCTAssertNil(window.frame.subtitle)
      // Past the timeout, to show that nothing happens then.
      pump(milliseconds: 2500)
      XCTAssertNil(result, "a window never vanishes mid-password")
      window.finish(.cancelled)
    }
  }

  func testAnUntouchedPromptTimesOut() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      var description = FormDescription()
      description.options.timeoutSeconds = 1
      let window = makeWindow(description) { result = $0 }
      waitUntil("the prompt to time out") { result != nil }
      XCTAssertEqual(result.map(Outcome.init), .timedOut)
      XCTAssertEqual(window.result.map(Outcome.init), .timedOut)
    }
  }
}
