import LoginFormFrontEnd
import LoginFormLockedMemory
import LoginFormMainLoop
import LoginFormModel
import LoginFormPinentry
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport

/// A presenter for the conversation's tests: it records what it was asked
/// to show and shows forms as a `FakeForm`, or refuses when told to.
@MainActor final class FakeShowing: PinentryShowing {
  /// The prompts it was asked to show, in order.
  private(set) var prompts: [Prompt] = []
  /// The form shown last, if the last prompt was one.
  private(set) var form: FakeForm?
  /// How the last prompt's end is reported.
  private(set) var ended: (@MainActor (PromptResult) -> Void)?
  /// Set to refuse every request, as when there is neither display nor
  /// terminal.
  var refusal: TerminalProblem?

  func show(
    _ prompt: Prompt, options: PinentryOptions,
    ended: @escaping @MainActor (PromptResult) -> Void
  ) -> PinentryShowOutcome {
    prompts.append(prompt)
    if let refusal { return .refused(refusal) }
    self.ended = ended
    guard case .form(let description) = prompt else {
      return .shown(.other(FakeForm(description: FormDescription())))
    }
    let form = FakeForm(description: description)
    self.form = form
    return .shown(.form(form))
  }
}

/// A form's presenter that records what the conversation asks of it.
@MainActor final class FakeForm: FormSurface {
  let model: LoginForm
  var onPasswordChange: (() -> Void)?
  var onGenerate: (() -> Void)?
  private(set) var presented = false
  private(set) var ratings: [Int] = []
  private(set) var verdicts: [ExternalVerdict] = []
  private(set) var filled: [String] = []
  private(set) var finished: [Outcome] = []

  init(description: FormDescription) {
    model = LoginForm(shape: description.shape, rules: description.rules)
  }

  /// Types `text` as the whole password, as an entry's "changed" would.
  func type(_ text: String) {
    model.update(.password, from: TestSecret(text))
    onPasswordChange?()
  }

  func present() { presented = true }
  func finish(_ result: PromptResult) { finished.append(Outcome(result)) }
  func showQuality(_ value: Int) { ratings.append(value) }
  func show(_ verdict: ExternalVerdict) { verdicts.append(verdict) }
  func fill(password: LockedCString) { filled.append(String(cString: password.cString)) }
}

/// A machine where no process can be looked up: the requester stays
/// unnamed.
struct NoProcesses: Requester.Processes {
  func name(of processID: Int) -> String? { nil }
  func executable(of processID: Int) -> String? { nil }
  func isFile(_ path: String, sameAs program: String) -> Bool { false }
  func parent(of processID: Int) -> Int? { nil }
  func commandLine(of processID: Int) -> [String]? { nil }
  func realUserID(of processID: Int) -> Int? { nil }
}
