import CGtk
import LoginFormModel
import LoginFormPrompt

/// The password's checker (gpg-agent's passphrase constraints) and what
/// each field's message line says of it: see `FieldMessage`.
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

  /// Sets the message line of `field` from the model and the checker.
  func showMessage(of field: Field) {
    guard model.shape.contains(field) else { return }
    row(field).show(
      model.feedback(of: field),
      refusal: field == .password ? externalCheck?.shownRefusal : nil,
      isSettled: model.isSettled(field) || model.isSubmitAttempted || submitWasHeldBack)
  }
}
