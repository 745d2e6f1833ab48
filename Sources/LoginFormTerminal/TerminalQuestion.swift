import LoginFormMainLoop
import LoginFormPrompt

/// A question on the terminal: its text, then its buttons as words to type
/// (`[Connect] / [Cancel] (Enter: Cancel)`), answered by a whole line, as
/// `AnswerWords` reads it. A line that answers nothing, or a fingerprint
/// that differs, says so and asks again, dropping whatever else was typed
/// or pasted ahead, so that the rest of a paste cannot answer either. Esc,
/// Ctrl+C and Ctrl+D cancel.
@MainActor package final class TerminalQuestion: PromptSurface {
  /// How the prompt ended, once it has.
  package var result: PromptResult? { frame.result }

  /// The longest line it takes: room for a pasted fingerprint and its key
  /// type, and no more.
  static let maximumLength = 256

  private let frame: TerminalFrame
  private let description: QuestionDescription
  private let words: AnswerWords
  /// What is typed, not a secret, but kept as the fields are.
  private let line: TerminalInput
  /// The typed line as drawn, to draw only what was added.
  private var shownLine = ""

  /// A prompt for `description` on `terminal`, which it closes when it
  /// ends; nil when no locked memory is left. Call `present()` to show it.
  package init?(
    description: QuestionDescription, terminal: Terminal,
    onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) {
    guard let line = TerminalInput(maximumScalars: Self.maximumLength, charset: terminal.charset)
    else { return nil }
    self.description = description
    self.line = line
    words = AnswerWords(description)
    frame = TerminalFrame(terminal: terminal, options: description.options)
    frame.didEnd = onFinish
    frame.willEnd = { [line] in line.removeAll() }
    frame.onByte = { [weak self] in self?.typed($0) }
    frame.onRedraw = { [weak self] in self?.drawPrompt(onNewLine: $0) }
  }

  /// Shows the question and waits for an answer.
  package func present() {
    frame.start()
    frame.writeLines(TerminalLayout.heading(of: description))
    drawPrompt(onNewLine: false)
  }

  /// Ends the prompt with `result` unless it has already ended.
  package func finish(_ result: PromptResult) {
    frame.end(result)
  }

  private var typedLine: String {
    line.withUTF8 { String(decoding: $0, as: UTF8.self) }
  }

  private func drawPrompt(onNewLine: Bool) {
    guard result == nil else { return }
    shownLine = TerminalText.line(typedLine)
    frame.drawLine(
      TerminalLayout.answerPrompt(words, timeLeft: frame.timeLeft) + shownLine,
      onNewLine: onNewLine)
  }

  private func typed(_ byte: UInt8) {
    let event = frame.decode(byte, into: line)
    if event != .escapePending { frame.stopCountdown() }
    switch event {
    case .typed: edited()
    case .erase:
      line.removeLast()
      edited()
    case .eraseWord:
      line.removeLastWord()
      edited()
    case .eraseLine:
      line.removeAll()
      edited()
    case .enter: enter()
    case .cancel: frame.end(.cancelled)
    case .suspend: if !frame.terminal.suspendJob() { frame.terminal.bell() }
    case .refused, .tab: frame.terminal.bell()
    case .partial, .escapePending: break
    }
  }

  /// Shows what was added to the line, or draws it again.
  private func edited() {
    let shown = TerminalText.line(typedLine)
    if frame.extendTyped(from: shownLine, to: shown) {
      shownLine = shown
    } else {
      drawPrompt(onNewLine: false)
    }
  }

  private func enter() {
    let typed = typedLine
    line.removeAll()
    let reading = words.reading(of: typed)
    if case .answer(let answer) = reading, typed.allSatisfy(\.isWhitespace),
      let choice = words.choices.first(where: { $0.answer == answer })
    {
      // Enter alone: say which answer it gave.
      frame.appendToLine(TerminalText.line(choice.word))
    }
    frame.endLine()
    switch reading {
    case .answer(let answer): frame.end(answer.result)
    case .verified: frame.end(.verified)
    case .mismatch:
      askAgain(description.expectedAnswer?.mismatchText ?? "")
    case .unknown:
      askAgain(localized("Type one of the words in brackets, or press Esc to cancel"))
    }
  }

  private func askAgain(_ message: String) {
    frame.terminal.discardTypedAhead()
    frame.writeLines([TerminalLayout.message(message)])
    drawPrompt(onNewLine: false)
  }
}
