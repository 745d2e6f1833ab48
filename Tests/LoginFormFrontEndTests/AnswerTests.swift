import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// What the process writes once a prompt has ended, and with which status.
@Suite struct AnswerTests {
  @Test func theOrdinaryModePrintsTheFormInTheChosenFormat() {
    let form = SubmittedForm.typed(username: "zoë", password: "p:w \"x\"")
    #expect(
      OrdinaryFrontEnd.answer(to: .submitted(form), format: .lines).written
        == ("zoë\np:w \"x\"\n", .submitted))
    #expect(
      OrdinaryFrontEnd.answer(to: .submitted(form), format: .separated(by: "::")).written
        == ("zoë::p:w \"x\"\n", .submitted))
    #expect(
      OrdinaryFrontEnd.answer(to: .submitted(form), format: .json).written
        == (#"{"username":"zoë","password":"p:w \"x\""}"# + "\n", .submitted))
  }

  @Test func aPasswordAloneIsPrintedAlone() {
    let form = SubmittedForm.typed(password: "s3cret")
    #expect(
      OrdinaryFrontEnd.answer(to: .submitted(form), format: .lines).written
        == ("s3cret\n", .submitted))
    #expect(
      OrdinaryFrontEnd.answer(to: .submitted(form), format: .json).written
        == (#"{"password":"s3cret"}"# + "\n", .submitted))
  }

  @Test func anOrdinaryPromptThatEndsWithoutDonePrintsNothing() {
    let ends: [(PromptResult, ExitStatus)] = [
      (.cancelled, .cancelled), (.closed, .cancelled), (.interrupted(signal: 15), .cancelled),
      (.timedOut, .timedOut), (.keyboardUnavailable, .keyboardUnavailable),
    ]
    for (result, status) in ends {
      let answer = OrdinaryFrontEnd.answer(to: result, format: .json)
      #expect(answer.isEmpty)
      #expect(answer.written == ("", status))
      #expect(answer.failure == nil)
    }
  }

  @Test func withoutLockedMemoryEveryModeSaysWhyAndExitsTwo() {
    let answers = [
      OrdinaryFrontEnd.answer(to: .lockedMemoryUnavailable, format: .lines),
      AskpassFrontEnd.answer(
        to: .lockedMemoryUnavailable,
        for: AskpassRequest(prompt: "Password: ", promptMode: nil)),
      GitCredentialFrontEnd.answer(to: .lockedMemoryUnavailable),
    ]
    for answer in answers {
      #expect(answer.failure == .cannotLockMemory)
      #expect(answer.written == ("", .usage), "git gets no quit=1: it may ask elsewhere")
    }
  }

  @Test func aCounterSizesTheAnswerExactly() {
    let answer = OrdinaryFrontEnd.answer(
      to: .submitted(.typed(username: "a", password: "é")), format: .json)
    var counter = ByteCounter()
    answer.encode(into: &counter)
    #expect(counter.count == answer.written.output.utf8.count)
  }

  @Test func aFailureWritesNothingAndCarriesItsStatus() {
    let answer = Answer.failing(.writeFailed("Broken pipe"))
    #expect(answer.isEmpty)
    #expect(answer.status == .notDelivered)
    #expect(answer.failure?.description == "Could not write the answer: Broken pipe")
  }

  @Test func failuresThatAreTheCallersFaultAreUsageErrors() {
    let usage: [FrontEndFailure] = [
      .options(.unexpectedArgument("x")),
      .noPresenter(display: "Cannot open display", terminal: .noControllingTerminal),
      .cannotLockMemory,
      .readFailed("EIO"), .inputTooLong, .missingGitAction,
    ]
    for failure in usage { #expect(failure.status == .usage, "\(failure)") }
    let undelivered: [FrontEndFailure] = [
      .noLockedMemoryLeft(for: .answer), .outputClosed, .writeFailed("EPIPE"), .lineBreakInAnswer,
    ]
    for failure in undelivered { #expect(failure.status == .notDelivered, "\(failure)") }
  }

  @Test func everyFailureReadsAsOneLine() {
    let failures: [FrontEndFailure] = [
      .cannotLockMemory, .noLockedMemoryLeft(for: .answer), .noLockedMemoryLeft(for: .input),
      .noLockedMemoryLeft(for: .password), .noLockedMemoryLeft(for: .protocolStream),
      .outputClosed, .inputTooLong, .lineBreakInAnswer, .missingGitAction,
    ]
    for failure in failures {
      #expect(!failure.description.isEmpty && !failure.description.contains("\n"))
    }
    #expect(
      FrontEndFailure.cannotLockMemory.description
        == "Cannot lock memory for the password: raise the locked-memory limit (ulimit -l)")
  }
}
