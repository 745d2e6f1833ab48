import LoginFormLockedMemory
import LoginFormMainLoop
import LoginFormModel
import LoginFormPrompt

/// A form on the terminal, driving the same model as the window: each
/// field is asked in turn with its rule before typing, every key goes into
/// the field's locked buffer and on to the model (so the client can rate
/// the password while it is typed), and Enter settles the field. A field
/// the rules refuse says why, then is asked again: a username keeps what
/// was typed, a secret starts over (and a repeat that differs starts over
/// from the password). Secrets are never echoed.
///
/// What gpg-agent adds is shown as in a window (see `TerminalForm+Agent`):
/// its verdict on the password holds Enter until it accepts, its rating is
/// said in words on the password's line, and Tab asks it for a passphrase,
/// which is shown so that it can be copied.
///
/// The prompt hands its result to `onFinish` exactly once and then puts the
/// terminal back as it was.
@MainActor package final class TerminalForm: PromptSurface {
  /// The form being typed.
  package let model: LoginForm
  /// How the prompt ended, once it has.
  package var result: PromptResult? { frame.result }
  /// Called after each change of the password, e.g. to rate its quality.
  package var onPasswordChange: (() -> Void)?
  /// Called when the user asks for a generated password (Tab).
  package var onGenerate: (() -> Void)?

  let frame: TerminalFrame
  let description: FormDescription
  let fields: [Field]
  let inputs: [Field: TerminalInput]
  var current = 0
  var quality: Int?
  /// The other program's verdict on the password, when it must accept it.
  var externalCheck: ExternalCheckState?
  /// Enter settled the password while its verdict was awaited: it goes on
  /// once the verdict comes.
  var enterAwaitsVerdict = false
  /// A generated password stands, unchanged, in the password field and
  /// its repeat: Enter takes it, and any edit starts over.
  var suggestionStands = false
  /// The username as drawn, to draw only what was added.
  private var shownUsername = ""

  /// A prompt for `description` on `terminal`, which it closes when it
  /// ends; nil when no locked memory is left for the fields. Call
  /// `present()` to show it.
  package init?(
    description: FormDescription, terminal: Terminal,
    onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) {
    var inputs: [Field: TerminalInput] = [:]
    for field in description.shape.fields {
      guard
        let input = TerminalInput(
          maximumScalars: description.rules[field].capacity, charset: terminal.charset)
      else { return nil }
      inputs[field] = input
    }
    guard inputs[.username].map({ $0.append(text: description.username) }) ?? true else {
      return nil
    }
    self.description = description
    self.inputs = inputs
    fields = description.shape.fields
    model = LoginForm(
      shape: description.shape, rules: description.rules, username: description.username)
    externalCheck = description.externalCheck.map { _ in ExternalCheckState() }
    frame = TerminalFrame(terminal: terminal, options: description.options)
    frame.didEnd = onFinish
    frame.willEnd = { [inputs] in for input in inputs.values { input.removeAll() } }
    frame.onByte = { [weak self] in self?.key($0) }
    frame.onRedraw = { [weak self] in self?.drawPrompt(onNewLine: $0) }
  }

  /// Shows the heading and asks the first field that needs the user: a
  /// username the caller filled in and the rules accept is shown, not
  /// asked; one they refuse says why at once.
  package func present() {
    frame.start()
    let text = description.text.map {
      description.textIsMarkup ? TerminalText.plain(markup: $0) : $0
    }
    frame.writeLines(TerminalLayout.heading(of: description, plainText: text))
    if fields.first == .username, !description.username.isEmpty {
      if model.issues(of: .username).isEmpty, fields.count > 1 {
        frame.writeLines([prompt(for: .username) + TerminalText.line(description.username)])
        current = 1
      } else {
        showMessage(of: .username)
      }
    }
    drawPrompt(onNewLine: false)
  }

  /// Ends the prompt with `result` unless it has already ended.
  package func finish(_ result: PromptResult) {
    frame.end(result)
  }

  private func prompt(for field: Field) -> String {
    TerminalLayout.fieldPrompt(
      field, of: description, quality: quality, timeLeft: frame.timeLeft,
      isSuggested: suggestionStands)
  }

  /// Draws the line of the current field: its prompt, and for the username
  /// what is typed.
  func drawPrompt(onNewLine: Bool) {
    guard result == nil else { return }
    let field = fields[current]
    shownUsername = field == .username ? username : ""
    frame.drawLine(prompt(for: field) + TerminalText.line(shownUsername), onNewLine: onNewLine)
  }

  private var username: String {
    inputs[.username]?.withUTF8 { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  private func key(_ byte: UInt8) {
    // Typing or erasing over a suggestion starts both fields over.
    if suggestionStands, byte >= 0x20 || [0x08, 0x15, 0x17].contains(byte) { dropSuggestion() }
    let field = fields[current]
    guard let input = inputs[field] else { return }
    let event = frame.decode(byte, into: input)
    if event != .escapePending { frame.stopCountdown() }
    switch event {
    case .typed: edited(field)
    case .erase:
      input.removeLast()
      edited(field)
    case .eraseWord:
      input.removeLastWord()
      edited(field)
    case .eraseLine:
      input.removeAll()
      edited(field)
    case .enter: enter()
    case .tab: suggest()
    case .cancel: frame.end(.cancelled)
    case .suspend: if !frame.terminal.suspendJob() { frame.terminal.bell() }
    case .refused: frame.terminal.bell()
    case .partial, .escapePending: break
    }
  }

  /// Tells the model, and shows a username's change.
  private func edited(_ field: Field) {
    guard let input = inputs[field] else { return }
    if field == .username {
      let text = username
      model.username = text
      let shown = TerminalText.line(text)
      if frame.extendTyped(from: shownUsername, to: shown) {
        shownUsername = shown
      } else {
        drawPrompt(onNewLine: false)
      }
    } else {
      model.update(field, from: input)
      if field == .password { passwordChanged() }
    }
  }
}
