/// What a front end asks its presenter to show: a form to fill in, or a
/// question to answer with buttons.
package enum Prompt {
  /// Fields (username, password, repeat) with their rules.
  case form(FormDescription)
  /// Buttons only: a question, or a message with one button.
  case question(QuestionDescription)
  /// A notice that takes neither the focus nor the keyboard, shown while
  /// another program waits (a security key's touch, a reader's pinpad).
  case notice(NoticeDescription)

  /// The options common to both kinds.
  package var options: PromptOptions {
    switch self {
    case .form(let form): form.options
    case .question(let question): question.options
    case .notice(let notice): notice.options
    }
  }
}

extension Prompt {
  /// Whether it asks for a secret, which must go into locked memory.
  package var asksForSecret: Bool {
    guard case .form(let form) = self else { return false }
    return form.shape.contains(.password)
  }
}
