import CGtk
import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import XCTest

@testable import LoginFormGtk

/// A prompt's timeout: none unless asked for, said only in its last
/// seconds, at full contrast, and stopped by the first key.
final class CountdownTests: GtkTestCase {
  func testAGnuPGWindowHasNoCountdownUnlessTheAgentAsks() throws {
    try MainActor.assumeIsolated {
      // As gpg-agent starts its pinentry: no arguments, no SETTIMEOUT.
      let launch = try XCTUnwrap(PinentryCommandLine.quickLaunch(arguments: []))
      for (lines, seconds) in [(["GETPIN"], nil), (["SETTIMEOUT 30", "GETPIN"], 30)] {
        var session = PinentryFrontEnd.session(
          processID: 7, userID: 1000, groupID: 1000, launch: launch)
        var sink = ArraySink()
        var request: PinentryRequest?
        for line in lines {
          let event = withBytes(line) { session.receive(line: $0, into: &sink) }
          if case .show(let shown) = event { request = shown }
        }
        let prompt = PinentryPrompt.prompt(
          for: try XCTUnwrap(request), environment: LaunchEnvironment())
        guard case .form(let description) = prompt else { return XCTFail("\(prompt)") }
        let window = makeWindow(description)
        XCTAssertEqual(window.frame.countdown != nil, seconds != nil, "\(lines)")
        XCTAssertNil(window.frame.subtitle, "nothing said before the last seconds")
        window.finish(.cancelled)
      }
    }
  }

  func testOnlyTheLastTwentySecondsAreSaidAtFullContrast() {
    MainActor.assumeIsolated {
      for dark in [false, true] {
        preferDarkTheme(dark)
        var description = FormDescription()
        description.options.timeoutSeconds = 21
        let window = makeWindow(description)
        XCTAssertNil(window.frame.subtitle, "21 s left: nothing yet")
        waitUntil("the countdown to show") { window.frame.subtitle != nil }
        XCTAssertEqual(window.frame.subtitle, "Cancels in 20 s")
        waitForNextFrame(of: window.window)
        XCTAssertGreaterThanOrEqual(
          strongestContrast(in: window.frame.headerTitle.subtitle), 4.5,
          dark ? "dark" : "light")
        window.finish(.cancelled)
      }
      preferDarkTheme(false)
    }
  }

  func testTheTimeLeftIsShownAndTypingStopsTheCountdown() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      var description = FormDescription()
      description.options.timeoutSeconds = 2
      let window = makeWindow(description) { result = $0 }
      XCTAssertEqual(window.frame.subtitle, "Cancels in 2 s")
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
