import Glibc
import LoginFormModel
import LoginFormPrompt
import LoginFormTerminal
import LoginFormTestSupport
import Testing

/// A form on a real pseudo-terminal, typed into byte by byte.
@MainActor @Suite(.serialized) final class TerminalFormTests {
  let pty: Pty
  /// Every prompt the test started, ended when it ends.
  private var started: [Ended] = []

  init() throws {
    pty = try Pty()
  }

  isolated deinit {
    for ended in started { ended.prompt?.finish(.cancelled) }
  }

  /// A running form for `description` on a terminal of `locale`, with its
  /// result kept in `ended`.
  private func form(
    _ description: FormDescription, ended: Ended, locale: String = "C.UTF-8"
  ) throws -> TerminalForm {
    let terminal = try Terminal.open(path: pty.path, locale: locale)
    let report: @MainActor (PromptResult) -> Void = { [weak ended] in ended?.result = $0 }
    let form = try #require(
      TerminalForm(description: description, terminal: terminal, onFinish: report))
    ended.prompt = form
    started.append(ended)
    form.present()
    pump(until: { pty.text.hasSuffix(": ") || ended.result != nil })
    return form
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

  /// Types `keys`, waits for the prompt to end, and says how it did.
  private func outcome(typing keys: String, _ ended: Ended) -> Outcome? {
    pty.type(keys)
    pump(until: { ended.result != nil })
    return ended.outcome
  }

  @Test func eachFieldIsAskedWithItsRuleAndARefusedOneAgain() throws {
    let ended = Ended()
    _ = try form(FormDescription(), ended: ended)
    #expect(pty.text.contains("Log In\r\n\r\nEnter: Done, Esc: Cancel\r\n"))
    #expect(pty.text.hasSuffix("Username (At least 6 characters): "))
    type("ali\r")
    #expect(
      pty.text.contains(
        "Username (At least 6 characters): ali\r\n"
          + "  ! 3 more characters needed (at least 6)\r\n"))
    // The username keeps what was typed; the password starts over.
    type("ce_1\r")
    #expect(pty.text.contains("Username (At least 6 characters): alice_1\r\n"))
    type("short\r")
    #expect(pty.text.contains("  ! 2 more characters needed (at least 7)\r\n"))
    #expect(
      outcome(typing: "longpass1\r", ended)
        == .submitted(username: "alice_1", password: "longpass1", repeated: false))
    #expect(!pty.text.contains("short") && !pty.text.contains("longpass1"), "a secret was echoed")
  }

  @Test func aRepeatThatDiffersAsksBothAgainInTheCallersWords() throws {
    let ended = Ended()
    var description = FormDescription(shape: FormShape.passwordOnly.repeatingPassword)
    description.mismatchText = "does not match - try again"
    _ = try form(description, ended: ended)
    type("abcdefg\rabcdefX\r")
    #expect(
      pty.text.hasSuffix(
        "Repeat: \r\n  ! does not match - try again\r\n\rPassword (At least 7 characters): "))
    #expect(
      outcome(typing: "abcdefg\rabcdefg\r", ended)
        == .submitted(username: nil, password: "abcdefg", repeated: true))
  }

  @Test(arguments: ["\u{3}", "\u{4}", "\u{1B}"])
  func aCancelKeyCancels(key: String) throws {
    let ended = Ended()
    _ = try form(FormDescription(), ended: ended)
    type("alice_1" + key)
    pump(until: { ended.result != nil })
    #expect(ended.outcome == .cancelled)
    #expect(pty.text.hasSuffix("alice_1\r\n"), "the line is ended for what comes next")
  }

  @Test func aCursorKeyRingsTheBellAndIsNoCancel() throws {
    let ended = Ended()
    _ = try form(FormDescription(shape: .passwordOnly), ended: ended)
    type("\u{1B}[A\u{1B}OP")
    #expect(ended.result == nil)
    #expect(pty.text.hasSuffix("\u{7}\u{7}"))
    #expect(
      outcome(typing: "abcdefgh\r", ended)
        == .submitted(username: nil, password: "abcdefgh", repeated: false))
  }

  @Test func theTerminalIsAsItWasHoweverThePromptEnds() throws {
    let before = pty.settings
    for end in [PromptResult.cancelled, .interrupted(signal: SIGTERM), .timedOut] {
      let ended = Ended()
      let form = try form(FormDescription(), ended: ended)
      let during = pty.settings
      #expect(during.c_lflag & tcflag_t(ECHO | ICANON | ISIG) == 0, "typing shows, or keys signal")
      form.finish(end)
      #expect(sameSettings(pty.settings, before))
    }
    let ended = Ended()
    _ = try form(FormDescription(shape: .passwordOnly), ended: ended)
    type("abcdefgh\r")
    #expect(ended.result != nil)
    #expect(sameSettings(pty.settings, before))
  }

  @Test func aTerminalThatHangsUpCancels() throws {
    let ended = Ended()
    _ = try form(FormDescription(), ended: ended)
    pty.hangUp()
    pump(until: { ended.result != nil })
    #expect(ended.outcome == .cancelled)
  }

  @Test func theTimeLeftShowsUntilTheFirstKey() throws {
    let ended = Ended()
    var description = FormDescription()
    description.options.timeoutSeconds = 2
    _ = try form(description, ended: ended)
    #expect(pty.text.hasSuffix("[Cancels in 2 s] Username (At least 6 characters): "))
    let tick = "\r[Cancels in 1 s] Username (At least 6 characters): "
    pump(until: { pty.text.hasSuffix(tick) })
    #expect(pty.text.hasSuffix(tick))
    type("a")
    #expect(
      pty.text.hasSuffix(
        "\rUsername (At least 6 characters): a" + String(repeating: " ", count: 16)
          + String(repeating: "\u{8}", count: 16)))
    // Past the timeout: that nothing happens is what is checked.
    pump(for: 2)
    #expect(ended.result == nil, "a prompt never goes mid-typing")
  }

  @Test func theTimeLeftIsSaidOnlyInItsLastSeconds() throws {
    let ended = Ended()
    var description = FormDescription()
    description.options.timeoutSeconds = 21
    let form = try form(description, ended: ended)
    #expect(pty.text.hasSuffix("Username (At least 6 characters): "))
    #expect(!pty.text.contains("Cancels"), "21 s left: nothing yet")
    form.finish(.cancelled)
  }

  @Test func anUntouchedPromptTimesOut() throws {
    let ended = Ended()
    var description = FormDescription()
    description.options.timeoutSeconds = 1
    _ = try form(description, ended: ended)
    pump(until: { ended.result != nil })
    #expect(ended.outcome == .timedOut)
  }

  @Test func theQualityShowsOnThePasswordLine() throws {
    let ended = Ended()
    var description = FormDescription(shape: .passwordOnly)
    description.passwordLabel = "_Passphrase"
    description.qualityBar = FormDescription.Control(label: "Quality")
    let form = try form(description, ended: ended)
    var changes = 0
    form.onPasswordChange = { changes += 1 }
    type("ab")
    #expect(changes == 2)
    form.showQuality(40)
    let rated = "\rPassphrase (At least 7 characters, Quality: Fair): "
    pump(until: { pty.text.hasSuffix(rated) })
    #expect(pty.text.hasSuffix(rated))
    form.model.withSecretUTF8(.password) { #expect(Array($0) == Array("ab".utf8)) }
    form.finish(.cancelled)
  }

  @Test func aPrefilledNameTheRulesAcceptIsShownAndNotAsked() throws {
    let ended = Ended()
    var description = FormDescription()
    description.username = "alice_1"
    _ = try form(description, ended: ended)
    #expect(
      pty.text.hasSuffix(
        "Username (At least 6 characters): alice_1\r\n\rPassword (At least 7 characters): "))
    #expect(
      outcome(typing: "longpass1\r", ended)
        == .submitted(username: "alice_1", password: "longpass1", repeated: false))
  }

  @Test func aPrefilledNameTheRulesRefuseSaysSoAndCanBeMended() throws {
    let ended = Ended()
    var description = FormDescription()
    description.username = "al"
    _ = try form(description, ended: ended)
    #expect(
      pty.text.hasSuffix(
        "  ! 4 more characters needed (at least 6)\r\n\rUsername (At least 6 characters): al"))
    #expect(
      outcome(typing: "\u{7F}ice_1\rlongpass1\r", ended)
        == .submitted(username: "aice_1", password: "longpass1", repeated: false))
  }

  @Test func noEscapeSequenceOfTheCallerReachesTheTerminal() throws {
    let ended = Ended()
    var description = FormDescription()
    description.options.title = "\u{1B}]0;owned\u{7}"
    description.text = "key \u{1B}[2J\u{1B}[31mcomment\u{202E}txt.exe"
    description.username = "x\u{1B}[8m"
    let prompt = try form(description, ended: ended)
    #expect(!pty.bytes.contains(0x1B))
    #expect(pty.text.contains("^[]0;owned^G\r\n"))
    #expect(pty.text.contains("key ^[[2J^[[31mcomment<U+202E>txt.exe\r\n"))
    #expect(pty.text.contains("x^[[8m"))
    prompt.finish(.cancelled)
  }

  @Test func ctrlZOnATerminalThatIsNotTheJobsRingsTheBell() throws {
    let ended = Ended()
    _ = try form(FormDescription(), ended: ended)
    type("\u{1A}")
    #expect(pty.text.hasSuffix("\u{7}"))
    #expect(ended.result == nil)
  }

  @Test func aFieldTakesNoMoreThanItsEntryWould() throws {
    let ended = Ended()
    let rules = FormRules(
      username: try FieldRules(minimumLength: 1, maximumLength: 2),
      password: try FieldRules(minimumLength: 1))
    _ = try form(FormDescription(shape: .usernameOnly, rules: rules), ended: ended)
    type(String(repeating: "a", count: 17) + "\r")
    #expect(
      pty.text.contains(String(repeating: "a", count: 16) + "\u{7}\r\n  ! At most 2 characters"))
  }

  @Test func aLatin1TerminalGetsLatin1AndIsReadAsSuch() throws {
    let ended = Ended()
    var description = FormDescription(shape: .passwordOnly)
    description.options.title = "Grüße €"
    _ = try form(description, ended: ended, locale: "de_DE.ISO-8859-1")
    #expect(Array(pty.bytes.prefix(9)) == [0x47, 0x72, 0xFC, 0xDF, 0x65, 0x20, 0x3F, 0x0D, 0x0A])
    pty.type([0x70, 0xE4, 0x73, 0x73, 0x77, 0xF6, 0x72, 0x64, 0x0D])
    pump(until: { ended.result != nil })
    #expect(ended.outcome == .submitted(username: nil, password: "pässwörd", repeated: false))
  }

  @Test func keysTypedAheadOfTheEndNeverReachTheShell() throws {
    let ended = Ended()
    _ = try form(FormDescription(shape: .passwordOnly), ended: ended)
    // In one go: the answer, and what a person typed on before it ended.
    pty.type("abcdefgh\rsecret tail\r")
    pump(until: { ended.result != nil })
    #expect(ended.outcome == .submitted(username: nil, password: "abcdefgh", repeated: false))
    #expect(pty.unreadInput == 0, "typed-ahead keys would go to the shell")
  }
}
