import CGtk
import LoginFormMainLoop
import LoginFormPrompt

/// A prompt without fields, laid out as a GNOME alert: a bold heading, the
/// text, a fixed-width detail (a fingerprint), the optional expected-answer
/// entry, and the buttons in a row of their own at the bottom, so that long
/// labels never squeeze the title or the countdown.
///
/// A question whose "yes" grants something has no default button and starts
/// with the focus on the negative one: Enter then says no. A notice's one
/// button is the default. Esc and closing the window cancel.
@MainActor package final class QuestionWindow: PromptSurface {
  /// How the window ended, once it has.
  package var result: PromptResult? { frame.result }
  /// The top-level GtkWindow.
  package var window: UnsafeMutablePointer<GtkWidget> { frame.window }

  let frame: PromptFrame
  let heading: UnsafeMutablePointer<GtkWidget>?
  let text: UnsafeMutablePointer<GtkWidget>?
  let detail: UnsafeMutablePointer<GtkWidget>?
  let expected: ExpectedAnswerRow?
  let otherButton: UnsafeMutablePointer<GtkWidget>?
  let buttonRow: UnsafeMutablePointer<GtkWidget>
  private let description: QuestionDescription

  /// Builds the window for `description`; call `present()` to show it.
  package init(
    description: QuestionDescription,
    onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) {
    self.description = description
    frame = PromptFrame(
      options: description.options, title: description.title, okLabel: description.yesLabel,
      cancelLabel: description.noLabel, buttonsInHeaderBar: false)
    let content = lf_box(frame.content)
    let widest = frame.widestContent
    let shown = BoundedText.shown(heading: description.heading, text: description.text)
    heading = shown.heading.map { BoundedText.wrappingLabel($0, widest: widest) }
    if let heading {
      setStyleClass("prompt-heading", on: heading, true)
      gtk_box_pack_start(content, heading, false.gboolean, false.gboolean, 0)
    }
    // Bounded, so that a long text never pushes the buttons off the screen.
    let text =
      shown.text.isEmpty
      ? nil
      : BoundedText.make(
        shown.text, width: frame.contentWidth, widest: widest)
    if let text { gtk_box_pack_start(content, text.view, false.gboolean, false.gboolean, 0) }
    self.text = text?.text
    detail = description.detail.map { Self.detailLabel($0) }
    if let detail { gtk_box_pack_start(content, detail, false.gboolean, false.gboolean, 0) }
    expected = description.expectedAnswer.map { ExpectedAnswerRow($0) }
    if let expected { gtk_box_pack_start(content, expected.box, false.gboolean, false.gboolean, 0) }

    otherButton = description.otherLabel.map { gtk_button_new_with_mnemonic($0) }
    buttonRow = gtk_button_box_new(GTK_ORIENTATION_HORIZONTAL)
    gtk_button_box_set_layout(lf_button_box(buttonRow), GTK_BUTTONBOX_END)
    gtk_box_set_spacing(lf_box(buttonRow), 12)
    gtk_box_set_homogeneous(lf_box(buttonRow), true.gboolean)
    // 18 px above the buttons: the content's 12 and these 6.
    gtk_widget_set_margin_top(buttonRow, 6)
    for button in [frame.cancelButton, otherButton, frame.okButton].compactMap({ $0 }) {
      gtk_container_add(lf_container(buttonRow), button)
    }
    gtk_box_pack_end(content, buttonRow, false.gboolean, false.gboolean, 0)
    expected?.reserveMessageLine()

    if !description.yesIsDefault() {
      frame.defaultButton = nil
      setStyleClass("suggested-action", on: frame.okButton, false)
    }
    // Before the window shows, so that GTK never hands the first focus to a
    // selectable label (which would select, and offer, its text).
    gtk_widget_grab_focus(
      description.yesGrants ? frame.cancelButton ?? frame.okButton : frame.okButton)
    frame.didEnd = onFinish
    AccessibleRoles.set(ATK_ROLE_ALERT, of: frame.window)
    if let expected, let asking = self.text ?? heading {
      AccessibleRoles.describe(expected.entry, by: asking)
    }
    connectSignals()
  }

  /// Shows the window, the focus on the safe button, with its focus ring:
  /// GTK draws none before the first key, so a person would not see which
  /// answer Enter or Space gives.
  package func present() {
    frame.present()
    gtk_window_set_focus_visible(lf_window(window), true.gboolean)
  }

  /// Ends the prompt with `result` unless it has already ended.
  package func finish(_ result: PromptResult) {
    frame.end(result)
  }

  private func connectSignals() {
    SignalConnection.connect(frame.okButton, "clicked") { [weak self] in
      guard let self else { return }
      finish(expected?.verdict == .matches ? .verified : .answered(true))
    }
    if let cancel = frame.cancelButton {
      SignalConnection.connect(cancel, "clicked") { [weak self] in self?.finish(.answered(false)) }
    }
    if let otherButton {
      SignalConnection.connect(otherButton, "clicked") { [weak self] in
        self?.finish(.answeredOther)
      }
    }
    expected?.onChange = { [weak self] _ in self?.updateYes() }
    frame.onKeyboardUnavailable = { [weak self] _ in self?.updateYes() }
  }

  /// The affirmative button's state, derived here alone: sensitive unless
  /// the keyboard is lost or a value other than the expected one stands;
  /// the default (and styled so) when the description says it may be.
  private func updateYes() {
    let verdict = expected?.verdict ?? .empty
    let sensitive = !frame.isKeyboardUnavailable && ExpectedAnswer.allowsYes(verdict)
    gtk_widget_set_sensitive(frame.okButton, sensitive.gboolean)
    let isDefault = description.yesIsDefault(with: verdict)
    setStyleClass("suggested-action", on: frame.okButton, isDefault)
    if isDefault {
      gtk_widget_grab_default(frame.okButton)
    } else {
      // Not only when it shows as the default: a focused button hides that.
      gtk_window_set_default(lf_window(window), nil)
    }
  }

  /// A fingerprint and the like: fixed-width, selectable, never wrapped, so
  /// that it can be compared character by character.
  private static func detailLabel(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(text)!
    gtk_label_set_xalign(lf_label(label), 0)
    gtk_label_set_selectable(lf_label(label), true.gboolean)
    ShownTextCopy.leaveOutIsolates(of: label)
    setStyleClass("prompt-detail", on: label, true)
    return label
  }
}
