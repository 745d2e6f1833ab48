import LoginFormModel
import LoginFormPrompt
import Testing

/// A request shaped to what its presenter can show.
@Suite struct FormCapabilitiesTests {
  private var agentForm: Prompt {
    var form = FormDescription(shape: FormShape(username: false, repeatsPassword: true))
    form.externalCheck = ExternalCheck(refusalTitle: "Passphrase Not Allowed")
    form.qualityBar = FormDescription.Control(label: "Quality", tooltip: nil)
    form.generateButton = FormDescription.Control(label: "_Suggest", tooltip: nil)
    return .form(form)
  }

  private func parts(of prompt: Prompt) -> (check: Bool, quality: Bool, generate: Bool)? {
    guard case .form(let form) = prompt else { return nil }
    return (form.externalCheck != nil, form.qualityBar != nil, form.generateButton != nil)
  }

  @Test func aPresenterThatCanShowEverythingGetsEverything() throws {
    let shaped = try #require(parts(of: agentForm.shaped(for: .all)))
    #expect(shaped == (true, true, true))
  }

  @Test func eachMissingCapabilityTakesItsOwnPartAway() throws {
    #expect(
      try #require(parts(of: agentForm.shaped(for: [.quality, .generate]))) == (false, true, true))
    #expect(
      try #require(parts(of: agentForm.shaped(for: [.externalCheck, .generate]))) == (
        true, false, true
      ))
    #expect(
      try #require(parts(of: agentForm.shaped(for: [.externalCheck, .quality]))) == (
        true, true, false
      ))
    #expect(try #require(parts(of: agentForm.shaped(for: []))) == (false, false, false))
  }

  @Test func aQuestionIsShownAsItIs() {
    let question = Prompt.question(QuestionDescription(text: "Sure?", yes: "_Yes", no: "_No"))
    guard case .question(let shaped) = question.shaped(for: []) else {
      Issue.record("a question became something else")
      return
    }
    #expect(shaped.text == "Sure?")
  }
}
