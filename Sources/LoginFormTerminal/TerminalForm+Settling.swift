import LoginFormLockedMemory
import LoginFormModel
import LoginFormPrompt

/// What Enter does on a form on the terminal: settles the field, says why
/// one is refused and asks it again, and submits after the last.
extension TerminalForm {
  /// Settles the field: on to the next, or the submit after the last; or
  /// says what is wrong and asks again. The password waits for the
  /// checker's verdict, when there is one, and a suggestion settles its
  /// repeat too.
  func enter() {
    let field = fields[current]
    model.leave(field)
    if field == .password, model.issues(of: field).isEmpty, externalCheck?.verdict == nil,
      externalCheck != nil
    {
      enterAwaitsVerdict = true
      return
    }
    frame.endLine()
    if !model.issues(of: field).isEmpty {
      showMessage(of: field)
      // A repeat that differs may be the password's fault: both again.
      askAgain(from: field == .passwordRepeat ? .password : field)
    } else if field == .password, let refusal = refusalOfPassword {
      frame.writeLines([TerminalLayout.message(refusal)])
      askAgain(from: .password)
    } else if current + 1 < fields.count, !(suggestionStands && field == .password) {
      current += 1
      drawPrompt(onNewLine: false)
    } else {
      submit()
    }
  }

  func showMessage(of field: Field) {
    guard let issue = model.feedback(of: field)?.issue ?? model.issues(of: field).first else {
      return
    }
    let text = IssueMessage.text(for: issue, mismatchText: description.mismatchText)
    frame.writeLines([TerminalLayout.message(text)])
  }

  /// Asks `field` again; the secrets from it on start over.
  func askAgain(from field: Field) {
    guard let index = fields.firstIndex(of: field) else { return }
    clearSecrets(from: field)
    current = index
    drawPrompt(onNewLine: false)
  }

  /// Empties the secret fields from `field` on.
  func clearSecrets(from field: Field) {
    guard let index = fields.firstIndex(of: field) else { return }
    suggestionStands = false
    for later in fields[index...] where later.isSecret {
      guard let input = inputs[later] else { continue }
      input.removeAll()
      model.update(later, from: input)
      if later == .password { passwordChanged() }
    }
  }

  func submit() {
    guard model.submit() else {
      let first = fields.first { !model.issues(of: $0).isEmpty } ?? fields[0]
      showMessage(of: first)
      askAgain(from: first)
      return
    }
    if let refusal = refusalOfPassword {
      frame.writeLines([TerminalLayout.message(refusal)])
      askAgain(from: .password)
      return
    }
    var password: LockedBytes?
    if let input = inputs[.password] {
      guard let copy = input.withUTF8({ LockedBytes(copying: $0) }) else {
        // No locked memory left: refuse rather than hand over an unlocked copy.
        frame.writeLines([
          TerminalLayout.message(localized("No locked memory is left for the password"))
        ])
        askAgain(from: .password)
        return
      }
      password = copy
    }
    let username = model.shape.contains(.username) ? model.judgedUsername : nil
    frame.end(
      .submitted(
        SubmittedForm(
          username: username, password: password,
          passwordWasRepeated: model.shape.contains(.passwordRepeat))))
  }
}
