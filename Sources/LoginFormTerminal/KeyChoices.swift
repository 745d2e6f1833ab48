import LoginFormPrompt

/// A question's buttons as keys on a terminal: each answered by one key,
/// its mnemonic letter when the label has one, else the first letter of
/// the label that no other button took. Enter picks the default: the safe
/// answer (the negative one) when there is one, else the only button.
package struct KeyChoices {
  /// What a key answers.
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
    /// The key, lowercase.
    package let key: Character
    /// Where the key stands in `label`, in characters; nil when it is not
    /// in it (a digit given for want of a free letter).
    package let offset: Int?
  }

  /// The buttons in the order the line names them: yes, the third button,
  /// no.
  package let choices: [Choice]
  /// What Enter answers.
  package let defaultAnswer: Answer

  /// The keys of `question`'s buttons.
  package init(_ question: QuestionDescription) {
    var labels: [(Answer, String)] = [(.yes, question.yesLabel)]
    if let other = question.otherLabel { labels.append((.other, other)) }
    if let no = question.noLabel { labels.append((.no, no)) }
    defaultAnswer = question.noLabel == nil ? .yes : .no
    var taken: Set<Character> = []
    var choices: [Choice] = []
    for (index, (answer, label)) in labels.enumerated() {
      let (text, mnemonic) = TerminalText.mnemonic(of: label)
      let characters = Array(text)
      let candidates = (mnemonic.map { [$0] } ?? []) + Array(characters.indices)
      let offset = candidates.first { offset in
        let character = characters[offset]
        return (character.isLetter || character.isNumber)
          && !taken.contains(Character(character.lowercased()))
      }
      let key = offset.map { Character(characters[$0].lowercased()) } ?? Character("\(index + 1)")
      taken.insert(key)
      choices.append(Choice(answer: answer, label: text, key: key, offset: offset))
    }
    self.choices = choices
  }

  /// What the typed `character` answers, if it is one of the keys (in
  /// either case).
  package func answer(for character: Character) -> Answer? {
    let key = Character(character.lowercased())
    return choices.first { $0.key == key }?.answer
  }

  /// The buttons as one line: `[y]es / [N]o`, the key in brackets where
  /// it stands in the label, in capitals for the default.
  package var line: String {
    choices.map { choice in
      let isDefault = choice.answer == defaultAnswer
      let key = isDefault ? choice.key.uppercased() : String(choice.key)
      let label = Array(choice.label)
      guard let offset = choice.offset, offset < label.count else {
        return "[" + key + "] " + TerminalText.line(choice.label)
      }
      return TerminalText.line(String(label[..<offset])) + "[" + key + "]"
        + TerminalText.line(String(label[(offset + 1)...]))
    }.joined(separator: " / ")
  }
}
