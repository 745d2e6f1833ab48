import CGtk
import LoginFormMainLoop
import LoginFormPrompt

/// A prompt without fields: a question answered with its buttons, or a
/// notice with one button. Enter presses the affirmative button when it is
/// the default; Esc and closing the window cancel.
@MainActor package final class QuestionWindow: PromptSurface {
  /// How the window ended, once it has.
  package var result: PromptResult? { frame.result }
  /// The top-level GtkWindow.
  package var window: UnsafeMutablePointer<GtkWidget> { frame.window }

  let frame: PromptFrame
  let text: UnsafeMutablePointer<GtkWidget>
  let otherButton: UnsafeMutablePointer<GtkWidget>?

  /// Builds the window for `description`; call `present()` to show it.
  package init(
    description: QuestionDescription,
    onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) {
    frame = PromptFrame(
      options: description.options, title: description.title, okLabel: description.yesLabel,
      cancelLabel: description.noLabel)
    let text = BoundedText.make(description.text)
    self.text = text.label
    gtk_box_pack_start(lf_box(frame.content), text.view, true.gboolean, true.gboolean, 0)
    otherButton = description.otherLabel.map { gtk_button_new_with_mnemonic($0) }
    if let otherButton { gtk_header_bar_pack_end(lf_header_bar(frame.header), otherButton) }
    frame.didEnd = onFinish
    connectSignals()
  }

  /// Shows the window with the default button focused.
  package func present() {
    frame.present()
    gtk_widget_grab_focus(frame.okButton)
  }

  /// Ends the prompt with `result` unless it has already ended.
  package func finish(_ result: PromptResult) {
    frame.end(result)
  }

  private func connectSignals() {
    SignalConnection.connect(frame.okButton, "clicked") { [weak self] in
      self?.finish(.answered(true))
    }
    if let cancel = frame.cancelButton {
      SignalConnection.connect(cancel, "clicked") { [weak self] in self?.finish(.answered(false)) }
    }
    if let otherButton {
      SignalConnection.connect(otherButton, "clicked") { [weak self] in
        self?.finish(.answeredOther)
      }
    }
    frame.onKeyboardUnavailable = { [weak self] unavailable in
      guard let self else { return }
      gtk_widget_set_sensitive(frame.okButton, (!unavailable).gboolean)
    }
  }
}
