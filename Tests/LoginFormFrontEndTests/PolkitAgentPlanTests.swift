import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import Testing

/// Whose password polkit's agent asks for, in which words, and how a
/// window's end reaches polkitd.
@Suite struct PolkitAgentPlanTests {
  private let alice = PolkitUser(id: 1000, name: "alice")
  private let root = PolkitUser(id: 0, name: "root")
  private let bob = PolkitUser(id: 1001, name: "bob")

  /// A label or text as it reads, without the isolates around client text.
  private func plain(_ text: String?) -> String? {
    text.map(ClientText.withoutIsolates)
  }

  private func request(users: [PolkitUser]? = nil) -> PolkitRequest {
    PolkitRequest(
      actionID: "org.freedesktop.policykit.exec",
      message: "Authentication is needed to run `/usr/bin/true' as the super user",
      callerProcessID: 300, subjectProcessID: 200, users: users ?? [alice])
  }

  @Test func theCurrentUserIsAskedForWhenPolkitListsThem() {
    #expect(PolkitAgentPlan.chosenUser(among: [root, bob, alice], currentUserID: 1000) == alice)
  }

  @Test func elseRootIsAskedForThenTheFirstAsGnomeShellChooses() {
    #expect(PolkitAgentPlan.chosenUser(among: [bob, root], currentUserID: 1000) == root)
    #expect(PolkitAgentPlan.chosenUser(among: [bob, alice], currentUserID: 4242) == bob)
    #expect(PolkitAgentPlan.chosenUser(among: [], currentUserID: 1000) == nil)
  }

  @Test func theWindowSaysWhatIsAskedWhoAsksAndWhosePasswordItWants() {
    let form = PolkitAgentPlan.form(
      for: request(), user: alice, requester: "pkexec (300) ← bash",
      environment: LaunchEnvironment())
    #expect(form.title == "Authentication Required")
    #expect(plain(form.text) == "Authentication is needed to run `/usr/bin/true' as the super user")
    #expect(form.options.requester == "pkexec (300) ← bash")
    #expect(plain(form.passwordLabel) == "_Password for alice")
    #expect(form.okLabel == "_Authenticate")
    #expect(form.shape == .passwordOnly)
    #expect(form.isConversation, "PAM's conversation goes on in the window")
    #expect(form.options.grabsKeyboard, "held on X11, as every mode's")
  }

  @Test func severalUsersAreAChoiceWithTheChosenOneSelectedOneUserIsNone() {
    let several = PolkitAgentPlan.form(
      for: request(users: [bob, root, alice]), user: root, requester: nil,
      environment: LaunchEnvironment())
    #expect(several.choice?.label == "Authenticate _as")
    #expect(several.choice?.options.map(ClientText.withoutIsolates) == ["bob", "root", "alice"])
    #expect(several.choice?.selected == 1)
    let one = PolkitAgentPlan.form(
      for: request(), user: alice, requester: nil, environment: LaunchEnvironment())
    #expect(one.choice == nil)
  }

  @Test func theActionIdIsADetailForWhoeverUnfoldsIt() {
    let form = PolkitAgentPlan.form(
      for: request(), user: alice, requester: nil, environment: LaunchEnvironment())
    #expect(form.details == "Action: org.freedesktop.policykit.exec")
  }

  @Test func anEmptyPasswordCannotBeSubmittedNorOneLongerThanTheHelperReads() {
    let rules = PolkitAgentPlan.form(
      for: request(), user: alice, requester: nil, environment: LaunchEnvironment()
    ).rules.password
    #expect(!rules.issues(of: "").isEmpty)
    #expect(rules.issues(of: "x").isEmpty)
    #expect(rules.maximumBytes == 510, "the helper's line buffer is 512 bytes with \\n and NUL")
  }

  @Test func controlCharactersInPolkitsMessageAreShownNotObeyed() {
    var asked = request()
    asked.message = "Mount\u{1B}[2J disk\u{202E}"
    let form = PolkitAgentPlan.form(
      for: asked, user: alice, requester: nil, environment: LaunchEnvironment())
    #expect(form.text == ClientText.displayable(asked.message))
    #expect(form.text?.contains("\u{202E}") == false, "the override is named, not obeyed")
  }

  @Test func pamsPasswordQuestionBecomesPasswordForTheUserInAnyLanguagePamSpeaks() {
    let prompts: Set<String> = ["Password: ", "Passwort: "]
    for prompt in ["Password: ", "Password:", "Passwort: ", "  Password :  ", ""] {
      #expect(
        plain(
          PolkitAgentPlan.fieldLabel(forPAMPrompt: prompt, user: alice, passwordPrompts: prompts))
          == "_Password for alice", "\(prompt)")
    }
  }

  @Test func anyOtherQuestionIsLabelledInPamsOwnWordsWithoutItsColon() {
    #expect(
      plain(
        PolkitAgentPlan.fieldLabel(
          forPAMPrompt: "Verification code: ", user: alice, passwordPrompts: ["Password: "]))
        == "Verification code")
  }

  @Test func underscoresInNamesAndQuestionsStayTextNotMnemonics() {
    let user = PolkitUser(id: 1002, name: "jo_doe")
    #expect(
      plain(PolkitAgentPlan.fieldLabel(forPAMPrompt: "Password: ", user: user, passwordPrompts: []))
        == "_Password for jo__doe")
    #expect(
      plain(
        PolkitAgentPlan.fieldLabel(forPAMPrompt: "One_time code:", user: user, passwordPrompts: []))
        == "One__time code")
  }

  @Test func aWrongPasswordShowsPamsLastErrorElseAPlainTryAgain() {
    #expect(
      plain(
        PolkitAgentPlan.retryMessage(afterPAMErrors: ["first", "Account locked for 10 minutes"]))
        == "Account locked for 10 minutes")
    #expect(
      PolkitAgentPlan.retryMessage(afterPAMErrors: [])
        == "Sorry, that did not work. Please try again.")
  }

  @Test func cancelEscClosingAndTheTimeoutDismissEverythingElseFails() {
    for result: PromptResult in [.cancelled, .closed, .timedOut] {
      #expect(PolkitAgentPlan.isDismissal(result))
    }
    for result: PromptResult in [
      .interrupted(signal: 15), .keyboardUnavailable, .lockedMemoryUnavailable, .verified,
    ] {
      #expect(!PolkitAgentPlan.isDismissal(result))
    }
  }

  @Test func theProcessIsNamedWithEitherSpellingOfTheOption() throws {
    #expect(try PolkitAgentPlan.processID(arguments: []) == nil)
    #expect(try PolkitAgentPlan.processID(arguments: ["--process=42"]) == 42)
    #expect(try PolkitAgentPlan.processID(arguments: ["--process", "42"]) == 42)
  }

  @Test func aBadProcessOrAnUnknownArgumentIsAnOptionsError() {
    for arguments in [["--process=x"], ["--process"], ["--process=0"], ["--process", "-3"]] {
      #expect(
        throws: OptionsError.invalidValue(option: "process", reason: "a process id is needed")
      ) {
        try PolkitAgentPlan.processID(arguments: arguments)
      }
    }
    #expect(throws: OptionsError.unexpectedArgument("--bogus")) {
      try PolkitAgentPlan.processID(arguments: ["--bogus"])
    }
    #expect(throws: OptionsError.unexpectedArgument("extra")) {
      try PolkitAgentPlan.processID(arguments: ["--process=1", "extra"])
    }
  }

  @Test func theCallerIsTriedAsTheAskerBeforeTheSubjectEachOnce() {
    #expect(request().askerCandidates == [300, 200])
    var same = request()
    same.subjectProcessID = 300
    #expect(same.askerCandidates == [300])
    #expect(PolkitRequest.processID(fromDetail: "123") == 123)
    for text in [nil, "", "0", "-1", "12x"] {
      #expect(PolkitRequest.processID(fromDetail: text) == nil)
    }
  }

  @Test func aRefusedRegistrationIsOneLineAndAUsageStatusWithTheWayOutOfASessionlessOne() {
    let taken = FrontEndFailure.polkitAgentNotRegistered(
      "An authentication agent already exists for the given subject", forSession: false)
    #expect(
      taken.description
        == "Cannot register as polkit's authentication agent: An authentication agent already exists for the given subject"
    )
    #expect(taken.status == .usage)
    let sessionless = FrontEndFailure.polkitAgentNotRegistered(
      "No session for pid 42", forSession: true)
    #expect(sessionless.description.hasSuffix("name a process with --process=PID)"))
    #expect(!sessionless.description.contains("\n"))
  }
}
