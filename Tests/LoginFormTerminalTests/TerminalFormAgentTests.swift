import Glibc
import LoginFormLockedMemory
import LoginFormModel
import LoginFormPrompt
import LoginFormTerminal
import LoginFormTestSupport
import Testing

/// What gpg-agent adds to a form on a real pseudo-terminal, as it does to a
/// window: its verdict holds Enter, its rating is said in words, and Tab
/// asks it for a passphrase that is shown and taken with Enter.
@MainActor @Suite(.serialized) final class TerminalFormAgentTests {
  let pty: Pty
  private let ended = Ended()

  init() throws {
    pty = try Pty()
  }

  isolated deinit {
    ended.prompt?.finish(.cancelled)
  }

  /// A new passphrase with its repeat, as gpg-agent asks for one.
  private var newPassphrase: FormDescription {
    get throws {
      var form = FormDescription(
        shape: FormShape(username: false, repeatsPassword: true),
        rules: FormRules(
          username: try FieldRules(minimumLength: 0), password: try FieldRules(minimumLength: 1)))
      form.passwordLabel = "_Passphrase"
      form.externalCheck = ExternalCheck(refusalTitle: "Passphrase Not Allowed")
      form.generateButton = FormDescription.Control(label: "_Suggest")
      return form
    }
  }

  /// Starts a form for `description` and waits for its first prompt.
  private func start(_ description: FormDescription) throws -> TerminalForm {
    let terminal = try Terminal.open(path: pty.path, locale: "C.UTF-8")
    let report: @MainActor (PromptResult) -> Void = { [weak ended] in ended?.result = $0 }
    let form = try #require(
      TerminalForm(description: description, terminal: terminal, onFinish: report))
    ended.prompt = form
    form.present()
    try waitFor("Passphrase: ")
    return form
  }

  /// Waits until the terminal shows `text` at its end.
  private func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    pump(until: { pty.text.hasSuffix(text) })
    try #require(pty.text.hasSuffix(text), "waiting for \(text)", sourceLocation: sourceLocation)
  }

  /// Types `text` and waits until the form has read and handled it all: a
  /// byte is handled on the turn of the loop that reads it.
  private func type(_ text: String) {
    pty.type(text)
    var turns = 0
    pump(until: {
      turns += 1
      return turns > 1 && pty.unreadInput == 0
    })
  }

  /// `text` as the agent's generated passphrase arrives: in locked memory.
  private func locked(_ text: String) throws -> LockedCString {
    try #require(Array(text.utf8).withUnsafeBufferPointer { LockedCString(copying: $0) })
  }

  private static func password(of form: TerminalForm) -> String {
    form.model.withSecretUTF8(.password) { String(decoding: $0, as: UTF8.self) }
  }

  @Test func enterWaitsForTheVerdictAndARefusalAsksThePasswordAgain() throws {
    let form = try start(try newPassphrase)
    var checked: [String] = []
    // Weakly: the form keeps its callback (LeakSanitizer saw the cycle).
    form.onPasswordChange = { [weak form] in checked.append(form.map(Self.password) ?? "") }
    type("short\r")
    #expect(checked.last == "short")
    #expect(pty.text.hasSuffix("Passphrase: "), "Enter went on before the verdict")
    form.show(.refused(message: "At least 8 characters", details: "The agent's rules"))
    try waitFor("\r\n  ! At least 8 characters\r\n\rPassphrase: ")
    #expect(Self.password(of: form) == "", "a refused password stays")
    type("long enough\r")
    form.show(.accepted)
    try waitFor("Repeat: ")
    type("long enough\r")
    pump(until: { ended.result != nil })
    #expect(ended.outcome == .submitted(username: nil, password: "long enough", repeated: true))
  }

  @Test func aVerdictOnTheValueBeforeEnterLetsItThroughAtOnce() throws {
    let form = try start(try newPassphrase)
    type("long enough")
    form.show(.accepted)
    type("\r")
    try waitFor("Repeat: ")
  }

  @Test func anEditAfterEnterWaitsForTheVerdictOnTheNewValue() throws {
    let form = try start(try newPassphrase)
    type("long enough\rX")
    form.show(.accepted)
    #expect(!pty.text.contains("Repeat"), "a verdict settled an Enter the edit made void")
  }

  @Test func tabAsksForASuggestionWhichIsShownAndTakenWithEnter() throws {
    let form = try start(try newPassphrase)
    var asked = 0
    form.onGenerate = { asked += 1 }
    type("\t")
    #expect(asked == 1)
    let suggestion = try locked("ybndrfg8ejkmcpqx")
    form.fill(password: suggestion)
    try waitFor(
      "\r\nSuggested passphrase: ybndrfg8ejkmcpqx\r\n"
        + "\rPassphrase (the suggestion stands: Enter takes it, typing starts over): ")
    type("\r")
    form.show(.accepted)
    pump(until: { ended.result != nil })
    #expect(
      ended.outcome == .submitted(username: nil, password: "ybndrfg8ejkmcpqx", repeated: true))
    #expect(!pty.text.contains("Repeat"), "the repeat of a suggestion was asked")
  }

  @Test func typingOverASuggestionStartsBothFieldsOver() throws {
    let form = try start(try newPassphrase)
    let suggestion = try locked("ybndrfg8")
    form.fill(password: suggestion)
    try waitFor("typing starts over): ")
    type("m")
    #expect(Self.password(of: form) == "m")
    // The line drawn again without the note, over the old one.
    #expect(pty.text.contains("typing starts over): \rPassphrase: "))
    type("ine\r")
    form.show(.accepted)
    try waitFor("Repeat: ")
    #expect(
      form.model.withSecretUTF8(.passwordRepeat) { $0.isEmpty }, "the repeat kept the suggestion")
  }

  @Test func aSuggestionTheTerminalCannotShowIsNotTaken() throws {
    let form = try start(try newPassphrase)
    let suggestion = try locked("grüße")
    form.fill(password: suggestion)
    try waitFor("  ! The suggestion cannot be shown on this terminal\r\n\rPassphrase: ")
    #expect(Self.password(of: form) == "")
    #expect(!pty.text.contains("gr"), "part of the suggestion was written")
  }

  @Test func withoutSuggestTabRingsTheBell() throws {
    var description = try newPassphrase
    description.generateButton = nil
    let form = try start(description)
    form.onGenerate = { Issue.record("a form without Suggest asked for one") }
    type("\t")
    #expect(pty.text.hasSuffix("Passphrase: \u{7}"))
    #expect(!pty.text.contains("Tab:"))
  }

  @Test func theHeadingNamesTheSuggestKey() throws {
    _ = try start(try newPassphrase)
    #expect(pty.text.contains("Enter: Done, Esc: Cancel, Tab: Suggest\r\n"))
  }
}
