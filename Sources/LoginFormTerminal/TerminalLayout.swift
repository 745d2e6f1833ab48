import LoginFormModel
import LoginFormPrompt

/// What the terminal shows of a prompt, as lines of text: a pure function
/// of the prompt contract, in the window's order (title, error, text, then
/// each field with its rule, and its message under it). Every text from the
/// client goes through `TerminalText`, so no line holds a control
/// character; the presenter only adds line ends, carriage returns and
/// backspaces of its own.
package enum TerminalLayout {
  /// The lines above a form's first field: the title, the caller's error,
  /// the text (`plainText`: the description's, with markup already taken
  /// out), a blank line, and which keys end the prompt.
  package static func heading(of form: FormDescription, plainText: String?) -> [String] {
    var lines = [TerminalText.line(form.title)]
    if let error = form.error {
      lines += TerminalText.lines(error).map { "! " + $0 }
    }
    if let plainText { lines += TerminalText.lines(plainText) }
    let keys = formatted(
      localized("Enter: %s, Esc: %s"), TerminalText.withoutMnemonic(form.okLabel),
      TerminalText.withoutMnemonic(form.cancelLabel))
    return lines + ["", TerminalText.line(keys)]
  }

  /// The lines above a question's keys: its title and text.
  package static func heading(of question: QuestionDescription) -> [String] {
    [TerminalText.line(question.title)] + TerminalText.lines(question.text)
  }

  /// A notice, whole: its title, its heading and its text.
  package static func lines(of notice: NoticeDescription) -> [String] {
    [TerminalText.line(notice.title)] + (notice.heading.map { [TerminalText.line($0)] } ?? [])
      + TerminalText.lines(notice.text)
  }

  /// The start of the line `field` is typed on: its label, its rule before
  /// anything is typed ("At least 6 characters"), the password's quality
  /// when the client rates it, and the time left while it runs.
  package static func fieldPrompt(
    _ field: Field, of form: FormDescription, quality: Int?, timeLeft: String?
  ) -> String {
    var notes: [String] = []
    if let requirement = IssueMessage.requirement(of: field, rules: form.rules[field]) {
      notes.append(requirement)
    }
    if field == .password, let bar = form.qualityBar, let quality {
      notes.append(
        formatted(
          localized("%s %d%%"), TerminalText.withoutMnemonic(bar.label), max(0, min(100, quality))))
    }
    var prompt = TerminalText.withoutMnemonic(form.label(of: field))
    if !notes.isEmpty { prompt += " (" + notes.joined(separator: ", ") + ")" }
    return TerminalText.line(countdown(timeLeft) + prompt + ": ")
  }

  /// The line that asks a question: its keys, and the time left.
  package static func choicePrompt(_ choices: KeyChoices, timeLeft: String?) -> String {
    TerminalText.line(countdown(timeLeft)) + choices.line + ": "
  }

  /// A field's message, under it: why the value was refused.
  package static func message(_ text: String) -> String {
    "  ! " + TerminalText.line(text)
  }

  private static func countdown(_ timeLeft: String?) -> String {
    timeLeft.map { "[" + $0 + "] " } ?? ""
  }
}
