import LoginFormPrompt
import Testing

/// How a prompt with a timeout says the time it has left.
@Suite struct RemainingTimeTests {
  @Test func secondsUnderAMinuteThenMinutesAndSeconds() {
    #expect(RemainingTime.text(remaining: 1) == "Closes in 1 second")
    #expect(RemainingTime.text(remaining: 59) == "Closes in 59 seconds")
    #expect(RemainingTime.text(remaining: 60) == "Closes in 1:00")
    #expect(RemainingTime.text(remaining: 65) == "Closes in 1:05")
    #expect(RemainingTime.text(remaining: 610) == "Closes in 10:10")
  }
}
