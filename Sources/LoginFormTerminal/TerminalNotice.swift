import LoginFormMainLoop
import LoginFormPrompt

/// A notice on the terminal: its title, heading and text, written once.
/// As the window does, it takes no keys: the program that showed it is
/// waiting for something done elsewhere (a touch on a security key, a PIN
/// on a reader's pinpad) and ends it (a signal, the end of the pinentry
/// conversation). The terminal is never put in prompt mode, so there is
/// nothing of its settings to put back.
@MainActor package final class TerminalNotice: PromptSurface {
  /// How the notice ended, once it has.
  package var result: PromptResult? { frame.result }

  private let frame: TerminalFrame
  private let description: NoticeDescription

  /// A notice for `description` on `terminal`, which it closes when it
  /// ends. Call `present()` to show it.
  package init(
    description: NoticeDescription, terminal: Terminal,
    onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) {
    self.description = description
    frame = TerminalFrame(terminal: terminal, options: description.options)
    frame.didEnd = onFinish
  }

  /// Writes the notice.
  package func present() {
    frame.writeLines(TerminalLayout.lines(of: description))
  }

  /// Ends the notice with `result` unless it has already ended.
  package func finish(_ result: PromptResult) {
    frame.end(result)
  }
}
