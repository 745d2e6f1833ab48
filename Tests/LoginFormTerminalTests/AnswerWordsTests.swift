import LoginFormPrompt
import LoginFormTerminal
import Testing

/// A question's buttons as words typed on the terminal.
@Suite struct AnswerWordsTests {
  private func words(_ yes: String, _ no: String?, other: String? = nil) -> AnswerWords {
    var question = QuestionDescription(text: "?", yes: yes, no: no)
    question.otherLabel = other
    return AnswerWords(question)
  }

  /// ssh's host-key question, expecting `fingerprint`.
  private func hostKey(_ fingerprint: String) -> AnswerWords {
    var question = QuestionDescription(text: "?", yes: "C_onnect", no: "_Cancel")
    question.expectedAnswer = ExpectedAnswer(
      label: "Or _paste", matchText: "Matches", mismatchText: "Differs"
    ) { typed in
      if typed.isEmpty { return .empty }
      if typed == fingerprint { return .matches }
      return fingerprint.hasPrefix(typed) ? .partial : .differs
    }
    return AnswerWords(question)
  }

  @Test func eachButtonIsItsFirstWordInBracketsAndEnterIsTheSafeAnswer() {
    let connect = words("C_onnect", "_Cancel")
    #expect(connect.line == "[Connect] / [Cancel] (Enter: Cancel)")
    #expect(connect.defaultAnswer == .no)
    #expect(connect.reading(of: "") == .answer(.no))
    #expect(connect.reading(of: "  ") == .answer(.no))
    #expect(connect.reading(of: "connect") == .answer(.yes))
    #expect(connect.reading(of: " CONNECT ") == .answer(.yes))
    #expect(connect.reading(of: "cancel") == .answer(.no))
  }

  @Test(arguments: ["no", "n", "o", "c", "nein", "y", "connec", "connect now", "on", "x"])
  func nothingShortOfAWholeWordSaysYes(typed: String) {
    let connect = words("C_onnect", "_Cancel")
    #expect(connect.reading(of: typed) != .answer(.yes))
  }

  @Test func yesAndNoStandForTheTwoButtonsAndOnlyThem() {
    let allow = words("_Allow", "_Deny")
    #expect(allow.reading(of: "yes") == .answer(.yes))
    #expect(allow.reading(of: "Yes") == .answer(.yes))
    #expect(allow.reading(of: "no") == .answer(.no))
    #expect(allow.reading(of: "n") == .unknown)
    #expect(allow.reading(of: "ye") == .unknown)
    // A notice's one button: "no" is no answer at all.
    let close = words("_Close", nil)
    #expect(close.reading(of: "no") == .unknown)
    #expect(close.reading(of: "") == .answer(.yes))
    #expect(close.line == "[Close] (Enter: Close)")
  }

  @Test func aWholeLabelAnswersTooAndLabelsThatStartAlikeNeedIt() {
    let weak = words("Take this one anyway", "Enter new passphrase")
    #expect(
      weak.line == "[Take] this one anyway / [Enter] new passphrase (Enter: Enter new passphrase)")
    #expect(weak.reading(of: "take") == .answer(.yes))
    #expect(weak.reading(of: "take this one anyway") == .answer(.yes))
    #expect(weak.reading(of: "t") == .unknown)
    let alike = words("_Save now", "Save later")
    #expect(alike.line == "[Save now] / [Save later] (Enter: Save later)")
    #expect(alike.reading(of: "save") == .unknown)
    #expect(alike.reading(of: "save later") == .answer(.no))
  }

  @Test func theThirdButtonStandsBetweenAndAnswersOther() {
    let three = words("_OK", "_Cancel", other: "_Not OK")
    #expect(three.line == "[OK] / [Not] OK / [Cancel] (Enter: Cancel)")
    #expect(three.reading(of: "not") == .answer(.other))
    #expect(three.reading(of: "not ok") == .answer(.other))
    #expect(AnswerWords.Answer.other.result.isCancellation == false)
  }

  @Test func aLabelWithoutALetterIsAnsweredByItsNumber() {
    let marks = words("!!", "??")
    #expect(marks.line == "[1] !! / [2] ?? (Enter: ??)")
    #expect(marks.reading(of: "2") == .answer(.no))
    #expect(marks.reading(of: "!!") == .answer(.yes))
    #expect(marks.reading(of: "!") == .unknown)
  }

  @Test func theExpectedValueIsAVerifiedYesAndAnythingLikeItIsAMismatch() {
    let question = hostKey("SHA256:abcOdef")
    #expect(question.reading(of: "SHA256:abcOdef") == .verified)
    #expect(question.reading(of: " SHA256:abcOdef\t") == .verified)
    #expect(question.reading(of: "SHA256:abcO") == .mismatch)
    #expect(question.reading(of: "SHA256:oc") == .mismatch)
    #expect(question.reading(of: "no") == .answer(.no))
    #expect(question.reading(of: "yes") == .answer(.yes))
    // Letters alone are a word that answers nothing, not a fingerprint.
    #expect(question.reading(of: "ok") == .unknown)
    #expect(question.reading(of: "SHA") == .unknown)
  }

  @Test func aLabelsControlsAreNeutralisedAroundTheWord() {
    let escape = words("_Go\u{1B}[2J", "_No")
    #expect(escape.line == "[Go]^[[2J / [No] (Enter: No)")
  }
}
