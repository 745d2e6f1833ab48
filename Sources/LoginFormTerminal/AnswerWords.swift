import LoginFormModel
import LoginFormPrompt

/// A question's buttons as words typed on the terminal, each followed by
/// Enter: a button's first word (the whole label when two buttons start
/// alike), or its whole label, in either case. "yes" and "no" (also in the
/// user's language) stand for the affirmative and negative buttons, and
/// a question that expects a value (a host key's fingerprint) takes that
/// value as a deliberate yes. Nothing short of a whole word answers, so a
/// stray key, a "no" whose letters name another button, or a paste never
/// says yes; Enter alone gives the safe answer.
package struct AnswerWords {
  /// What a typed line answers.
  package enum Answer: Equatable, Sendable {
    case yes, other, no

    /// How the prompt ends when this is chosen.
    package var result: PromptResult {
      switch self {
      case .yes: .answered(true)
      case .other: .answeredOther
      case .no: .answered(false)
      }
    }
  }

  /// One button.
  package struct Choice: Equatable, Sendable {
    /// What it answers.
    package let answer: Answer
    /// The label without its mnemonic mark.
    package let label: String
    /// The word to type, as the label spells it.
    package let word: String
    /// Where the word stands in `label`, in characters; nil when it is not
    /// in it (a digit given for a label without a letter).
    package let offset: Int?
  }

  /// How a typed line reads.
  package enum Reading: Equatable, Sendable {
    /// A button's word, or Enter alone for the safe answer.
    case answer(Answer)
    /// The value the question expects: a yes the user proved they meant.
    case verified
    /// Something in the shape of the expected value that is not it.
    case mismatch
    /// No answer at all: the question is asked again.
    case unknown
  }

  /// The buttons in the order the line names them: yes, the third button,
  /// no.
  package let choices: [Choice]
  /// What Enter alone answers: the negative button when there is one (the
  /// window's focus starts there too), else the only button.
  package let defaultAnswer: Answer
  private let expected: ExpectedAnswer?

  /// The words of `question`'s buttons.
  package init(_ question: QuestionDescription) {
    var labels: [(Answer, String)] = [(.yes, question.yesLabel)]
    if let other = question.otherLabel { labels.append((.other, other)) }
    if let no = question.noLabel { labels.append((.no, no)) }
    defaultAnswer = question.noLabel == nil ? .yes : .no
    expected = question.expectedAnswer
    let texts = labels.map { TerminalText.withoutMnemonic($0.1) }
    let firstWords = texts.map(Self.firstWord)
    choices = labels.indices.map { index in
      let text = texts[index]
      let first = firstWords[index]
      let isUnique = { (word: String) in
        firstWords.indices.allSatisfy { other in
          other == index || firstWords[other]?.word.lowercased() != word.lowercased()
        }
      }
      if let first, isUnique(first.word) {
        return Choice(answer: labels[index].0, label: text, word: first.word, offset: first.offset)
      }
      let hasWord = text.contains { $0.isLetter || $0.isNumber }
      let unique = texts.indices.allSatisfy {
        $0 == index || texts[$0].lowercased() != text.lowercased()
      }
      return hasWord && unique
        ? Choice(answer: labels[index].0, label: text, word: text, offset: 0)
        : Choice(answer: labels[index].0, label: text, word: "\(index + 1)", offset: nil)
    }
  }

  /// How `line`, typed and ended with Enter, reads: spaces around it and
  /// case do not matter; nothing else is forgiven.
  package func reading(of line: String) -> Reading {
    let typed = String(line.trimmingWhitespace)
    if typed.isEmpty { return .answer(defaultAnswer) }
    let folded = typed.lowercased()
    if let choice = choices.first(where: {
      $0.word.lowercased() == folded || $0.label.lowercased() == folded
    }) {
      return .answer(choice.answer)
    }
    for (answer, words) in [(Answer.yes, Self.yesWords), (.no, Self.noWords)]
    where choices.contains(where: { $0.answer == answer }) && words.contains(folded) {
      return .answer(answer)
    }
    // A short run of letters is a word that answers nothing ("n", "ok"),
    // not a fingerprint that differs.
    let isWord = typed.count < 16 && typed.allSatisfy(\.isLetter)
    guard let expected, !isWord else { return .unknown }
    switch expected.verdict(for: typed) {
    case .matches: return .verified
    case .partial, .differs: return .mismatch
    case .empty: return .unknown
    }
  }

  /// The buttons as one line, each word to type in brackets where it
  /// stands in the label, and what Enter alone answers:
  /// `[Connect] / [Cancel] (Enter: Cancel)`.
  package var line: String {
    let buttons = choices.map { choice in
      let label = Array(choice.label)
      let length = choice.word.count
      guard let offset = choice.offset, offset + length <= label.count else {
        return "[" + choice.word + "] " + TerminalText.line(choice.label)
      }
      return TerminalText.line(String(label[..<offset])) + "["
        + TerminalText.line(String(label[offset..<offset + length])) + "]"
        + TerminalText.line(String(label[(offset + length)...]))
    }.joined(separator: " / ")
    let enter = choices.first { $0.answer == defaultAnswer }?.label ?? ""
    // TRANSLATORS: after a terminal question's answers, what the Enter
    // key alone answers: "(Enter: Cancel)".
    return buttons + " " + TerminalText.line(formatted(localized("(Enter: %s)"), enter))
  }

  /// The label's first word, and where it starts: its first run of
  /// letters and digits, with an apostrophe or a hyphen between two of
  /// them ("Don't"); nil for a label without one.
  private static func firstWord(of label: String) -> (word: String, offset: Int)? {
    let characters = Array(label)
    let isWordly = { (index: Int) in
      index < characters.count && (characters[index].isLetter || characters[index].isNumber)
    }
    guard let start = characters.indices.first(where: isWordly) else { return nil }
    var end = start
    while isWordly(end)
      || (end < characters.count && "'’-".contains(characters[end]) && isWordly(end + 1))
    {
      end += 1
    }
    return (String(characters[start..<end]), start)
  }

  /// What a person types for yes: the word in their language, and the
  /// English one that ssh itself asks for.
  private static var yesWords: Set<String> {
    // TRANSLATORS: typed on the terminal to answer a question's
    // affirmative button, as "yes" is; lowercase, one word.
    [localized("yes").lowercased(), "yes"]
  }
  /// And for no.
  private static var noWords: Set<String> {
    // TRANSLATORS: typed on the terminal to answer a question's negative
    // button, as "no" is; lowercase, one word.
    [localized("no").lowercased(), "no"]
  }
}
