import LoginFormPrompt
import LoginFormTerminal
import Testing

/// A question's buttons as keys.
@Suite struct KeyChoicesTests {
  private func choices(_ yes: String, _ no: String?, other: String? = nil) -> KeyChoices {
    var question = QuestionDescription(text: "?", yes: yes, no: no)
    question.otherLabel = other
    return KeyChoices(question)
  }

  @Test func yesAndNoAreTheirMnemonicsAndEnterIsTheSafeAnswer() {
    let keys = choices("_Yes", "_No")
    #expect(keys.line == "[y]es / [N]o")
    #expect(keys.defaultAnswer == .no)
    #expect(keys.answer(for: "y") == .yes)
    #expect(keys.answer(for: "Y") == .yes)
    #expect(keys.answer(for: "n") == .no)
    #expect(keys.answer(for: "x") == nil)
  }

  @Test func aNoticeHasOneKeyWhichIsTheDefault() {
    let keys = choices("_Close", nil)
    #expect(keys.line == "[C]lose")
    #expect(keys.defaultAnswer == .yes)
  }

  @Test func labelsWithoutMnemonicsUseTheirFirstFreeLetter() {
    let keys = choices("Take this one anyway", "Enter new passphrase")
    #expect(keys.line == "[t]ake this one anyway / [E]nter new passphrase")
    let clash = choices("_Yes", "_Yet")
    #expect(clash.line == "[y]es / Y[E]t")
    #expect(clash.answer(for: "e") == .no)
  }

  @Test func theThirdButtonStandsBetweenAndAnswersOther() {
    let keys = choices("_OK", "_Cancel", other: "_Not OK")
    #expect(keys.line == "[o]K / [n]ot OK / [C]ancel")
    #expect(keys.answer(for: "n") == .other)
    #expect(KeyChoices.Answer.other.result.isCancellation == false)
  }

  @Test func aLabelWithNoFreeLetterGetsADigit() {
    let keys = choices("!!", "??")
    #expect(keys.line == "[1] !! / [2] ??")
    #expect(keys.answer(for: "2") == .no)
  }

  @Test func aLabelsControlsAreNeutralisedAroundTheKey() {
    let keys = choices("_Go\u{1B}[2J", "_No")
    #expect(keys.line == "[g]o^[[2J / [N]o")
  }
}
