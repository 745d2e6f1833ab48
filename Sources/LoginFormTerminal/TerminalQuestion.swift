import LoginFormMainLoop
import LoginFormPrompt

/// A question on the terminal: its text, then its buttons as keys
/// (`[y]es / [N]o`). A key answers at once; Enter picks the safe answer;
/// Esc, Ctrl+C and Ctrl+D cancel.
@MainActor package final class TerminalQuestion: PromptSurface {
  /// How the prompt ended, once it has.
  package var result: PromptResult? { frame.result }

  private let frame: TerminalFrame
  private let description: QuestionDescription
  private let choices: KeyChoices
  /// Where a typed key's character is put together.
  private let key: TerminalInput

  /// A prompt for `description` on `terminal`, which it closes when it
  /// ends; nil when no locked memory is left. Call `present()` to show it.
  package init?(
    description: QuestionDescription, terminal: Terminal,
    onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) {
    guard let key = TerminalInput(maximumScalars: 1, charset: terminal.charset) else {
      return nil
    }
    self.description = description
    self.key = key
    choices = KeyChoices(description)
    frame = TerminalFrame(terminal: terminal, options: description.options)
    frame.didEnd = onFinish
    frame.onByte = { [weak self] in self?.typed($0) }
    frame.onRedraw = { [weak self] in self?.drawPrompt(onNewLine: $0) }
  }

  /// Shows the question and waits for a key.
  package func present() {
    frame.start()
    frame.writeLines(TerminalLayout.heading(of: description))
    drawPrompt(onNewLine: false)
  }

  /// Ends the prompt with `result` unless it has already ended.
  package func finish(_ result: PromptResult) {
    frame.end(result)
  }

  private func drawPrompt(onNewLine: Bool) {
    guard result == nil else { return }
    frame.drawLine(
      TerminalLayout.choicePrompt(choices, timeLeft: frame.timeLeft), onNewLine: onNewLine)
  }

  private func typed(_ byte: UInt8) {
    let event = frame.decode(byte, into: key)
    if event != .escapePending { frame.stopCountdown() }
    switch event {
    case .typed:
      let character = key.withUTF8 { String(decoding: $0, as: UTF8.self) }.first
      key.removeAll()
      guard let character, let answer = choices.answer(for: character) else {
        frame.terminal.bell()
        return
      }
      answered(answer)
    case .enter: answered(choices.defaultAnswer)
    case .cancel: frame.end(.cancelled)
    case .suspend: if !frame.terminal.suspendJob() { frame.terminal.bell() }
    case .refused, .erase, .eraseWord, .eraseLine: frame.terminal.bell()
    case .partial, .escapePending: break
    }
  }

  /// Shows which key answered, then ends.
  private func answered(_ answer: KeyChoices.Answer) {
    if let choice = choices.choices.first(where: { $0.answer == answer }) {
      frame.appendToLine(String(choice.key))
      frame.endLine()
    }
    frame.end(answer.result)
  }
}
