import LoginFormModel
import LoginFormPrompt
import Testing

/// What the line under a field says, before, while and after typing.
@Suite struct FieldMessageTests {
  private func source(_ field: Field, error: String? = nil, rules: FormRules = FormRules())
    -> FieldMessage.Source
  {
    var description = FormDescription(rules: rules)
    description.error = error
    return FieldMessage.Source(field: field, of: description)
  }

  @Test func anEmptyUntouchedFieldSaysItsRuleDimly() {
    #expect(
      source(.username).line(feedback: nil, isEmpty: true)
        == FieldMessage("At least 6 characters", style: .requirement))
    #expect(
      source(.password).line(feedback: nil, isEmpty: true)
        == FieldMessage("At least 7 characters", style: .requirement))
  }

  @Test func aValueThatHoldsSaysNothing() {
    #expect(source(.username).line(feedback: nil, isEmpty: false) == nil)
  }

  @Test func theModelsHintOrErrorComesFirst() {
    let hint = FieldFeedback(issue: .tooShort(minimum: 6, missing: 3), isError: false)
    #expect(
      source(.username).line(feedback: hint, isEmpty: false)
        == FieldMessage("3 more characters needed (at least 6)", style: .hint))
    let error = FieldFeedback(issue: .tooShort(minimum: 6, missing: 6), isError: true)
    #expect(source(.username).line(feedback: error, isEmpty: true)?.style == .error)
  }

  @Test func theCallersErrorBelongsToThePasswordUntilTheUserTypes() {
    var password = source(.password, error: "Bad Passphrase (try 2 of 3)")
    #expect(
      password.line(feedback: nil, isEmpty: true)
        == FieldMessage("Bad Passphrase (try 2 of 3)", style: .error))
    #expect(source(.username, error: "Bad").line(feedback: nil, isEmpty: false) == nil)
    password.userEdited()
    #expect(password.line(feedback: nil, isEmpty: true)?.text == "At least 7 characters")
  }

  @Test func aRepeatHasNoRuleOfItsOwnAndSaysWhatItMustMatch() {
    let repeated = source(.passwordRepeat)
    #expect(repeated.line(feedback: nil, isEmpty: true) == nil)
    #expect(
      repeated.line(feedback: FieldFeedback(issue: .doesNotMatch, isError: true), isEmpty: false)
        == FieldMessage("Does not match the password", style: .error))
  }

  @Test func aPatternHintIsTheRuleAloneOrAfterTheLength() throws {
    let pattern = UsernamePattern(source: "[a-z]+", hint: "Lowercase letters") { _ in .match }
    let both = FormRules(
      username: try FieldRules(minimumLength: 6, pattern: pattern),
      password: try FieldRules(minimumLength: 0))
    #expect(
      source(.username, rules: both).line(feedback: nil, isEmpty: true)?.text
        == "At least 6 characters · Lowercase letters")
    let alone = FormRules(
      username: try FieldRules(minimumLength: 1, pattern: pattern),
      password: try FieldRules(minimumLength: 0))
    #expect(
      source(.username, rules: alone).line(feedback: nil, isEmpty: true)?.text
        == "Lowercase letters")
    #expect(source(.password, rules: alone).line(feedback: nil, isEmpty: true) == nil)
  }

  @Test func aCheckersRuleReplacesTheLengthAndKeepsItsDetailsForTheTooltip() {
    var description = FormDescription(rules: FormRules())
    description.passwordRequirement = "At least 8 characters, 1 digit"
    description.passwordRequirementDetails = "Your passphrase must be at least 8 characters long."
    let password = FieldMessage.Source(field: .password, of: description)
    #expect(
      password.line(feedback: nil, isEmpty: true)
        == FieldMessage(
          "At least 8 characters, 1 digit", style: .requirement,
          details: "Your passphrase must be at least 8 characters long."))
    #expect(
      FieldMessage.Source(field: .username, of: description).line(feedback: nil, isEmpty: true)
        == FieldMessage("At least 6 characters", style: .requirement), "the password's alone")
  }

  @Test func aRefusalIsAHintWhileTypingAndAnErrorOnceSubmittingWasTried() {
    let refusal = FieldMessage.Refusal(message: "Needs a digit", details: "Warning: …")
    let password = source(.password, error: "Bad Passphrase")
    #expect(
      password.line(feedback: nil, isEmpty: false, refusal: refusal)
        == FieldMessage("Needs a digit", style: .hint, details: "Warning: …"))
    #expect(
      password.line(feedback: nil, isEmpty: false, refusal: refusal, isSettled: true)?
        .style == .error)
    let tooShort = FieldFeedback(issue: .tooShort(minimum: 7, missing: 2), isError: false)
    #expect(
      password.line(feedback: tooShort, isEmpty: false, refusal: refusal)?.text
        == "2 more characters needed (at least 7)", "the model's own issue comes first")
  }

  @Test func aRepeatThatMatchesSaysTheCallersWordForIt() {
    var description = FormDescription(shape: .passwordOnly.repeatingPassword)
    description.matchText = "Passphrases match."
    let repeated = FieldMessage.Source(field: .passwordRepeat, of: description)
    #expect(
      repeated.line(feedback: nil, isEmpty: false)
        == FieldMessage("Passphrases match.", style: .hint))
    #expect(repeated.line(feedback: nil, isEmpty: true) == nil, "not before anything is typed")
    #expect(
      FieldMessage.Source(field: .password, of: description).line(feedback: nil, isEmpty: false)
        == nil, "the repeat's alone")
  }

  @Test func everyLineAFieldCanShowIsKnownBeforeTheUserTypes() throws {
    let pattern = UsernamePattern(source: "[a-z]+", hint: "Lowercase letters") { _ in .match }
    let rules = FormRules(
      username: try FieldRules(minimumLength: 6, pattern: pattern, separator: "::"),
      password: try FieldRules(minimumLength: 1, maximumBytes: 255))
    var description = FormDescription(shape: .usernameAndPassword.repeatingPassword, rules: rules)
    description.error = "Bad Passphrase (try 2 of 3)"
    description.mismatchText = "does not match - try again"
    let username = FieldMessage.Source(field: .username, of: description)
      .everyLine(of: .username, rules: rules.username)
    for line in [
      "At least 6 characters · Lowercase letters", "5 more characters needed (at least 6)",
      "1 more character needed (at least 6)", "Lowercase letters", "Cannot contain “::”",
      "Cannot end with “:”", "No control characters or line breaks",
    ] {
      #expect(username.contains(line), "\(line)")
    }
    let password = FieldMessage.Source(field: .password, of: description)
      .everyLine(of: .password, rules: rules.password)
    #expect(password.contains("Bad Passphrase (try 2 of 3)"))
    #expect(password.contains("Required"))
    #expect(password.contains("Too long by 773 bytes (at most 255)"), "the widest count")
    #expect(!password.contains("Lowercase letters"), "the username's alone")
    let repeated = FieldMessage.Source(field: .passwordRepeat, of: description)
      .everyLine(of: .passwordRepeat, rules: rules.password)
    #expect(repeated.contains("does not match - try again"))
    #expect(!repeated.contains("Bad Passphrase (try 2 of 3)"), "the password's alone")
  }
}

/// The agent's quality rating in words, not colour alone.
@Suite struct QualityRatingTests {
  @Test func theLevelIsSaidInWords() {
    #expect(QualityRating(agentValue: 0).text == "Weak")
    #expect(QualityRating(agentValue: 39).text == "Weak")
    #expect(QualityRating(agentValue: 40).text == "Fair")
    #expect(QualityRating(agentValue: 79).text == "Fair")
    #expect(QualityRating(agentValue: 80).text == "Strong")
    #expect(QualityRating(agentValue: 100).fraction == 1)
  }

  @Test func aNegativeRatingFailsTheAgentsRulesAndShowsItsPercentage() {
    let rating = QualityRating(agentValue: -80)
    #expect(rating.failsRules)
    #expect(rating.fraction == 0.8, "not an empty bar")
    #expect(rating.text == "80 % — does not meet the agent’s rules")
    #expect(!QualityRating(agentValue: 80).failsRules)
  }

  @Test func outOfRangeValuesAreClamped() {
    #expect(QualityRating(agentValue: 250).fraction == 1)
    #expect(QualityRating(agentValue: -250).text.hasPrefix("100 %"))
  }

  @Test func aPasswordAnotherProgramJudgesKeepsRoomForARefusalOfAnyLength() {
    var checked = FormDescription(shape: .passwordOnly)
    checked.externalCheck = ExternalCheck(refusalTitle: nil)
    var conversation = FormDescription(shape: .passwordOnly)
    conversation.isConversation = true
    #expect(FieldMessage.Source(field: .password, of: checked).mayBeRefused)
    #expect(FieldMessage.Source(field: .password, of: conversation).mayBeRefused)
    #expect(!FieldMessage.Source(field: .password, of: FormDescription()).mayBeRefused)
    #expect(!FieldMessage.Source(field: .username, of: conversation).mayBeRefused)
  }
}
