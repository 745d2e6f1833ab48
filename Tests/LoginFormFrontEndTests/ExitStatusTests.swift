import LoginFormPrompt
import LoginFormTestSupport
import Testing

/// Every way a prompt ends has its documented status.
@Suite struct ExitStatusTests {
  @Test func eachEndHasItsStatus() {
    let form = SubmittedForm(
      username: "a", password: TestSecret("b"), passwordWasRepeated: false)
    let cases: [(PromptResult, ExitStatus)] = [
      (.submitted(form), .submitted), (.answered(true), .submitted), (.verified, .submitted),
      (.answered(false), .cancelled), (.answeredOther, .cancelled), (.cancelled, .cancelled),
      (.closed, .cancelled), (.interrupted(signal: 15), .cancelled), (.timedOut, .timedOut),
      (.keyboardUnavailable, .keyboardUnavailable), (.lockedMemoryUnavailable, .usage),
    ]
    for (result, status) in cases {
      #expect(ExitStatus(ending: result) == status, "\(result)")
    }
  }

  @Test func theStatusesAreTheDocumentedNumbers() {
    let numbers: [ExitStatus: Int32] = [
      .submitted: 0, .cancelled: 1, .usage: 2, .notDelivered: 3, .keyboardUnavailable: 4,
      .timedOut: 5, .displayLost: 6, .memoryExposed: 7,
    ]
    for (status, number) in numbers { #expect(status.rawValue == number) }
  }

  @Test func backingOutIsACancellationAndNothingElseIs() {
    #expect(PromptResult.cancelled.isCancellation)
    #expect(PromptResult.closed.isCancellation)
    #expect(!PromptResult.answered(false).isCancellation)
    #expect(!PromptResult.timedOut.isCancellation)
    #expect(!PromptResult.interrupted(signal: 2).isCancellation)
  }
}
