import CGtk
import LoginFormModel
import LoginFormPrompt

/// What each field's message line says: the model's issue first; for the
/// password, else the checker's latest refusal; for the repeat, else the
/// caller's confirmation once it matches.
extension FormWindow {
  /// Shows the checker's verdict on the password now in the field.
  package func show(_ verdict: ExternalVerdict) {
    guard result == nil, externalCheck != nil else { return }
    externalCheck?.receive(verdict)
    updateDone()
    showMessage(of: .password)
  }

  /// The password changed: its verdict is awaited again, and whoever rates
  /// or checks it is told.
  func passwordChanged() {
    if externalCheck != nil {
      let isEmpty = model.withSecretUTF8(.password) { $0.isEmpty }
      externalCheck?.valueChanged(isEmpty: isEmpty)
      updateDone()
      showMessage(of: .password)
    }
    onPasswordChange?()
  }

  /// Sets the message line of `field` from the model, the checker and the
  /// caller's texts.
  func showMessage(of field: Field) {
    guard model.shape.contains(field) else { return }
    let row = row(field)
    if let feedback = model.feedback(of: field) {
      row.show(
        IssueMessage.text(for: feedback.issue, mismatchText: description.mismatchText),
        isError: feedback.isError)
    } else if field == .password, let refusal = externalCheck?.shownRefusal {
      row.show(refusal.message, isError: model.isSubmitAttempted, details: refusal.details)
    } else if field == .passwordRepeat, let match = description.matchText,
      model.withSecretUTF8(.passwordRepeat, { !$0.isEmpty })
    {
      row.show(match, isError: false)
    } else {
      row.show(nil, isError: false)
    }
  }
}
