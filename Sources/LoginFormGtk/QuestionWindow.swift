import CGtk

/// A prompt without fields: a question answered with its buttons, or a
/// notice with one button. Enter presses the affirmative button when it is
/// the default; Esc and closing the window cancel.
@MainActor public final class QuestionWindow: PromptSurface {
  /// How the window ended, once it has.
  public private(set) var result: PromptResult?
  /// The top-level GtkWindow.
  public var window: UnsafeMutablePointer<GtkWidget> { frame.window }
  /// The affirmative button.
  public var yesButton: UnsafeMutablePointer<GtkWidget> { frame.okButton }

  let frame: PromptFrame
  let text: UnsafeMutablePointer<GtkWidget>
  private let otherButton: UnsafeMutablePointer<GtkWidget>?
  private let onFinish: (PromptResult) -> Void

  /// Builds the window for `description`; call `present()` to show it.
  public init(
    description: QuestionDescription, onFinish: @escaping (PromptResult) -> Void = { _ in }
  ) {
    self.onFinish = onFinish
    frame = PromptFrame(
      options: description.window, defaultTitle: localized("Question"),
      okLabel: description.yesLabel, cancelLabel: description.noLabel)
    text = gtk_label_new(description.text)
    gtk_label_set_line_wrap(lf_label(text), true.gboolean)
    gtk_label_set_line_wrap_mode(lf_label(text), PANGO_WRAP_WORD_CHAR)
    // See PromptLayout: a minimum close to the real width avoids a gap.
    gtk_label_set_width_chars(lf_label(text), 50)
    gtk_label_set_max_width_chars(lf_label(text), 50)
    gtk_label_set_xalign(lf_label(text), 0)
    gtk_label_set_selectable(lf_label(text), true.gboolean)
    gtk_widget_set_can_focus(text, false.gboolean)
    gtk_box_pack_start(lf_box(frame.content), text, true.gboolean, true.gboolean, 0)
    otherButton = description.otherLabel.map { gtk_button_new_with_mnemonic($0) }
    if let otherButton { gtk_header_bar_pack_end(lf_header_bar(frame.header), otherButton) }
    connectSignals()
  }

  /// Shows the window with the default button focused.
  public func present() {
    frame.present { [weak self] in self?.finish(.timedOut) }
    gtk_widget_grab_focus(frame.okButton)
  }

  /// Ends the prompt with `result` unless it has already ended.
  public func finish(_ result: PromptResult) {
    guard self.result == nil else { return }
    let unavailable = frame.isKeyboardUnavailable && result.isCancellation
    self.result = unavailable ? .keyboardUnavailable : result
    frame.destroy()
    onFinish(self.result!)
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
    frame.onEscape = { [weak self] in self?.finish(.cancelled) }
    frame.onClose = { [weak self] in self?.finish(.closed) }
    frame.onKeyboardUnavailable = { [weak self] unavailable in
      guard let self else { return }
      gtk_widget_set_sensitive(frame.okButton, (!unavailable).gboolean)
    }
  }
}
