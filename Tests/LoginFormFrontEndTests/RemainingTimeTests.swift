import LoginFormPrompt
import Testing

/// How a prompt with a timeout says the time it has left.
@Suite struct RemainingTimeTests {
  @Test func nothingIsSaidBeforeTheLastTwentySeconds() {
    #expect(RemainingTime.text(remaining: 21) == nil)
    #expect(RemainingTime.text(remaining: 60) == nil)
    #expect(RemainingTime.text(remaining: 610) == nil)
  }

  @Test func theLastSecondsSayThatThePromptWillCancel() {
    #expect(RemainingTime.text(remaining: 20) == "Cancels in 20 s")
    #expect(RemainingTime.text(remaining: 15) == "Cancels in 15 s")
    #expect(RemainingTime.text(remaining: 1) == "Cancels in 1 s")
  }
}
