import CGtk
import LoginFormPrompt

/// The entry under a question where the user may paste the value they
/// expect (a host key's fingerprint): its label above it, the entry, and a
/// message line under it that says whether the two match. It reports each
/// new verdict; the question decides what its buttons make of it.
@MainActor final class ExpectedAnswerRow {
  let box: UnsafeMutablePointer<GtkWidget>
  let label: UnsafeMutablePointer<GtkWidget>
  let entry: UnsafeMutablePointer<GtkWidget>
  let messageIcon: UnsafeMutablePointer<GtkWidget>
  let messageLabel: UnsafeMutablePointer<GtkWidget>
  private let expected: ExpectedAnswer
  /// How the entry's text compares now.
  private(set) var verdict = ExpectedAnswer.Verdict.empty
  /// Called after each change of the verdict.
  var onChange: (@MainActor (ExpectedAnswer.Verdict) -> Void)?

  init(_ expected: ExpectedAnswer) {
    self.expected = expected
    box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
    label = gtk_label_new_with_mnemonic(expected.label)
    entry = gtk_entry_new()
    let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    messageIcon = gtk_image_new()
    messageLabel = gtk_label_new(nil)

    gtk_label_set_xalign(lf_label(label), 0)
    gtk_label_set_mnemonic_widget(lf_label(label), entry)
    atk_object_set_name(
      gtk_widget_get_accessible(entry), String(borrowing: gtk_label_get_text(lf_label(label))))
    gtk_entry_set_input_hints(lf_entry(entry), GTK_INPUT_HINT_NO_SPELLCHECK)
    // Enter presses the default button, which a match makes "yes".
    gtk_entry_set_activates_default(lf_entry(entry), true.gboolean)
    setStyleClass("prompt-detail", on: entry, true)
    gtk_image_set_pixel_size(lf_image(messageIcon), 16)
    gtk_widget_set_size_request(messageIcon, 16, 16)
    atk_object_set_role(gtk_widget_get_accessible(messageIcon), ATK_ROLE_REDUNDANT_OBJECT)
    gtk_label_set_xalign(lf_label(messageLabel), 0)
    gtk_label_set_line_wrap(lf_label(messageLabel), true.gboolean)
    setStyleClass("field-message", on: line, true)
    gtk_box_pack_start(lf_box(line), messageIcon, false.gboolean, false.gboolean, 0)
    gtk_box_pack_start(lf_box(line), messageLabel, true.gboolean, true.gboolean, 0)
    for child in [label, entry, line] {
      gtk_box_pack_start(lf_box(box), child, false.gboolean, false.gboolean, 0)
    }
    SignalConnection.connect(entry, "changed") { [weak self] in self?.changed() }
  }

  /// Keeps one line's height for the message, as a form's fields do, so
  /// that nothing moves when it comes. Call once the row is in its window.
  func reserveMessageLine() {
    gtk_label_set_text(lf_label(messageLabel), "Xy")
    gtk_image_set_from_icon_name(lf_image(messageIcon), "dialog-error-symbolic", GTK_ICON_SIZE_MENU)
    var height: Int32 = 0
    let line = gtk_widget_get_parent(messageLabel)!
    gtk_widget_get_preferred_height(line, &height, nil)
    gtk_widget_set_size_request(line, -1, height)
    gtk_label_set_text(lf_label(messageLabel), "")
    gtk_image_clear(lf_image(messageIcon))
  }

  private func changed() {
    let now = expected.verdict(for: text(of: entry))
    guard now != verdict else { return }
    verdict = now
    let message = expected.message(for: now)
    gtk_label_set_text(lf_label(messageLabel), message?.text ?? "")
    atk_object_set_description(gtk_widget_get_accessible(entry), message?.text ?? "")
    let icon = message.map { $0.isError ? "dialog-error-symbolic" : "object-select-symbolic" }
    if let icon {
      gtk_image_set_from_icon_name(lf_image(messageIcon), icon, GTK_ICON_SIZE_MENU)
    } else {
      gtk_image_clear(lf_image(messageIcon))
    }
    let isError = message?.isError ?? false
    let line = gtk_widget_get_parent(messageLabel)!
    setStyleClass("error", on: line, isError)
    setStyleClass("success", on: line, now == .matches)
    setStyleClass("field-error", on: entry, isError)
    onChange?(now)
  }
}
