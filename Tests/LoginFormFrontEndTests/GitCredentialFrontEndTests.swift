import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// git's credential helper: which action, what `get` shows, what it prints.
@Suite struct GitCredentialFrontEndTests {
  @Test func theActionIsTheLastArgument() throws {
    #expect(try GitCredentialFrontEnd.action(arguments: ["get"]) == .get)
    #expect(try GitCredentialFrontEnd.action(arguments: ["--wrapper", "erase"]) == .erase)
    #expect(throws: FrontEndFailure.missingGitAction) {
      try GitCredentialFrontEnd.action(arguments: [])
    }
    #expect(throws: FrontEndFailure.git(.unknownAction("fetch"))) {
      try GitCredentialFrontEnd.action(arguments: ["fetch"])
    }
  }

  @Test func aMissingOrUnknownActionIsAUsageError() {
    #expect(FrontEndFailure.missingGitAction.status == .usage)
    #expect(FrontEndFailure.git(.unknownAction("x")).status == .usage)
    #expect(
      FrontEndFailure.missingGitAction.description == "Which action? Expected get, store or erase")
  }

  @Test func getShowsTheURLAndPrefillsAKnownUsername() {
    let request = GitCredentialRequest(
      scheme: "https", host: "example.com:8443", path: "repo.git", username: "bob")
    let form = GitCredentialFrontEnd.prompt(for: request, environment: LaunchEnvironment())
    #expect(form.shape == .usernameAndPassword)
    #expect(form.text == isolated("Sign in to https://example.com:8443/repo.git"))
    #expect(form.username == "bob")
    #expect(form.okLabel == "_Sign In")
    #expect(form.title == "Sign In to example.com:8443", "stable for a password manager's rule")
    #expect(form.options.grabsKeyboard)
    #expect(form.rules.password.maximumBytes == nil)
    #expect(form.rules.password.maximumLength == 4096)
    #expect(form.rules.username.minimumLength == 1)
  }

  @Test func anUnknownUsernameIsAskedFor() {
    let form = GitCredentialFrontEnd.prompt(
      for: GitCredentialRequest(scheme: "https", host: "example.com"),
      environment: LaunchEnvironment(grab: "0"))
    #expect(form.username == "")
    #expect(!form.options.grabsKeyboard)
    let certificate = GitCredentialFrontEnd.prompt(
      for: GitCredentialRequest(scheme: "cert", path: "/home/b/cert.p12"),
      environment: LaunchEnvironment(),
      requester: "git (4) ← bash")
    #expect(certificate.title == "Sign In to cert:///home/b/cert.p12")
    #expect(certificate.options.requester == "git (4) ← bash")
  }

  @Test func submittingPrintsExactlyTheUsernameAndPasswordLines() {
    let answer = GitCredentialFrontEnd.answer(
      to: .submitted(.typed(username: "bob", password: "pw=pw %+")))
    #expect(answer.written == ("username=bob\npassword=pw=pw %+\n", .submitted))
  }

  @Test func backingOutTellsGitToQuit() {
    let ends: [(PromptResult, ExitStatus)] = [
      (.cancelled, .cancelled), (.closed, .cancelled), (.timedOut, .timedOut),
      (.keyboardUnavailable, .keyboardUnavailable), (.interrupted(signal: 1), .cancelled),
    ]
    for (result, status) in ends {
      #expect(GitCredentialFrontEnd.answer(to: result).written == ("quit=1\n", status))
    }
  }

  @Test func aValueThatWouldBreakItsLineIsNeverPrinted() {
    for (username, password) in [("bo\nb", "pw"), ("bob", "p\rw"), ("bob", "p\0w")] {
      let answer = GitCredentialFrontEnd.answer(
        to: .submitted(.typed(username: Substring(username), password: password)))
      #expect(answer.failure == .lineBreakInAnswer)
      #expect(answer.isEmpty)
      #expect(answer.status == .notDelivered)
    }
  }
}
