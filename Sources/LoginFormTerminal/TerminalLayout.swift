import LoginFormModel
import LoginFormPrompt

/// What the terminal shows of a prompt, as lines of text: a pure function
/// of the prompt contract, in the window's order (title, who asks, error,
/// text, then each field with its rule, and its message under it). Every text from the
/// client goes through `TerminalText`, so no line holds a control
/// character; the presenter only adds line ends, carriage returns and
/// backspaces of its own.
package enum TerminalLayout {
  /// The lines above a form's first field: the title, which program asks,
  /// the caller's error, the text (`plainText`: the description's, with
  /// markup already taken out), a blank line, and which keys end the prompt.
  package static func heading(of form: FormDescription, plainText: String?) -> [String] {
    var lines = top(title: form.title, options: form.options)
    if let error = form.error {
      lines += TerminalText.lines(error).map { "! " + $0 }
    }
    if let plainText { lines += TerminalText.lines(plainText) }
    var keys = formatted(
      // TRANSLATORS: on the terminal: the keys Enter and Esc (keep their names), then what each does (the button labels).
      localized("Enter: %s, Esc: %s"), TerminalText.withoutMnemonic(form.okLabel),
      TerminalText.withoutMnemonic(form.cancelLabel))
    if let generate = form.generateButton {
      // TRANSLATORS: after "Enter: OK, Esc: Cancel" on the terminal, the
      // key that asks for a generated passphrase: "Tab: Suggest".
      keys += ", " + formatted(localized("Tab: %s"), TerminalText.withoutMnemonic(generate.label))
    }
    return lines + ["", TerminalText.line(keys)]
  }

  /// The lines above a question's keys: its title, which program asks,
  /// its heading, text and detail (a fingerprint, as ssh wrote it).
  package static func heading(of question: QuestionDescription) -> [String] {
    var lines = top(title: question.title, options: question.options)
    if let heading = question.heading { lines.append(TerminalText.line(heading)) }
    if !question.text.isEmpty { lines += TerminalText.lines(question.text) }
    if let detail = question.detail { lines += TerminalText.lines(detail) }
    if let expected = question.expectedAnswer {
      lines.append(TerminalText.line(TerminalText.withoutMnemonic(expected.label)))
    }
    return lines
  }

  /// The title, and which program asks when that is known.
  private static func top(title: String, options: PromptOptions) -> [String] {
    [TerminalText.line(title)] + (options.requesterLine.map { [TerminalText.line($0)] } ?? [])
  }

  /// A notice, whole: its title, its heading and its text.
  package static func lines(of notice: NoticeDescription) -> [String] {
    top(title: notice.title, options: notice.options)
      + (notice.heading.map { [TerminalText.line($0)] } ?? []) + TerminalText.lines(notice.text)
  }

  /// The start of the line `field` is typed on: its label, its rule before
  /// anything is typed ("At least 6 characters"), the password's quality
  /// when the client rates it, and the time left while it runs.
  package static func fieldPrompt(
    _ field: Field, of form: FormDescription, quality: Int?, timeLeft: String?,
    isSuggested: Bool = false
  ) -> String {
    var notes: [String] = []
    if let requirement = FieldMessage.Source(field: field, of: form).requirement {
      notes.append(requirement)
    }
    if field == .password, let bar = form.qualityBar, let quality {
      notes.append(
        formatted(
          // TRANSLATORS: on the terminal: a label, then its value (the quality bar: "Quality: Weak").
          localized("%s: %s"), TerminalText.withoutMnemonic(bar.label),
          QualityRating(agentValue: quality).text))
    }
    if field == .password, isSuggested {
      notes.append(localized("the suggestion stands: Enter takes it, typing starts over"))
    }
    var prompt = TerminalText.withoutMnemonic(form.label(of: field))
    if !notes.isEmpty { prompt += " (" + notes.joined(separator: ", ") + ")" }
    return TerminalText.line(countdown(timeLeft) + prompt + ": ")
  }

  /// The line that asks a question: the words that answer it, and the
  /// time left.
  package static func answerPrompt(_ words: AnswerWords, timeLeft: String?) -> String {
    TerminalText.line(countdown(timeLeft)) + words.line + ": "
  }

  /// A field's message, under it: why the value was refused.
  package static func message(_ text: String) -> String {
    "  ! " + TerminalText.line(text)
  }

  private static func countdown(_ timeLeft: String?) -> String {
    timeLeft.map { "[" + $0 + "] " } ?? ""
  }
}
