import CGtk
import LoginFormModel
import LoginFormPrompt

/// The content of a form window, top to bottom: the caller's error, the
/// caller's text (each bounded, so the fields always stay on screen),
/// the fields with their message lines, and the optional quality bar,
/// generate button and "Save in password manager" check box.
@MainActor final class FormLayout {
  let error: UnsafeMutablePointer<GtkWidget>?
  let text: UnsafeMutablePointer<GtkWidget>?
  let qualityBar: UnsafeMutablePointer<GtkWidget>?
  let generateButton: UnsafeMutablePointer<GtkWidget>?
  /// The `RememberOffer`'s check box, off until the user ticks it.
  let rememberBox: UnsafeMutablePointer<GtkWidget>?
  /// Called when the generate button is pressed.
  var onGenerate: (@MainActor () -> Void)?

  init(description: FormDescription, rows: [FieldRow], frame: PromptFrame) {
    let content = frame.content
    let error = description.error.map { BoundedText.make($0, styleClass: "prompt-notice") }
    if let error {
      gtk_box_pack_start(lf_box(content), error.view, false.gboolean, false.gboolean, 0)
    }
    self.error = error?.label
    let text = description.text.map { BoundedText.make($0, isMarkup: description.textIsMarkup) }
    if let text {
      gtk_box_pack_start(lf_box(content), text.view, false.gboolean, false.gboolean, 0)
    }
    self.text = text?.label

    let grid = gtk_grid_new()!
    gtk_grid_set_column_spacing(lf_grid(grid), 12)
    gtk_grid_set_row_spacing(lf_grid(grid), 6)
    for (index, row) in rows.enumerated() { row.attach(to: grid, row: Int32(index * 2)) }
    var nextRow = Int32(rows.count * 2)
    if let quality = description.qualityBar {
      let bar = gtk_level_bar_new_for_interval(0, 100)!
      gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
      let label = gtk_label_new(quality.label)!
      gtk_widget_set_halign(label, GTK_ALIGN_END)
      gtk_widget_set_tooltip_text(bar, quality.tooltip)
      atk_object_set_name(gtk_widget_get_accessible(bar), quality.label)
      gtk_grid_attach(lf_grid(grid), label, 0, nextRow, 1, 1)
      gtk_grid_attach(lf_grid(grid), bar, 1, nextRow, 1, 1)
      nextRow += 1
      qualityBar = bar
    } else {
      qualityBar = nil
    }
    if let generate = description.generateButton {
      let button = gtk_button_new_with_mnemonic(generate.label)!
      gtk_widget_set_halign(button, GTK_ALIGN_START)
      gtk_widget_set_tooltip_text(button, generate.tooltip)
      gtk_grid_attach(lf_grid(grid), button, 1, nextRow, 1, 1)
      nextRow += 1
      generateButton = button
    } else {
      generateButton = nil
    }
    rememberBox = description.rememberOffer.map { offer in
      let box = gtk_check_button_new_with_mnemonic(offer.label)!
      gtk_toggle_button_set_active(lf_toggle_button(box), false.gboolean)
      gtk_widget_set_tooltip_text(box, offer.tooltip)
      gtk_grid_attach(lf_grid(grid), box, 1, nextRow, 1, 1)
      return box
    }
    gtk_box_pack_start(lf_box(content), grid, true.gboolean, true.gboolean, 0)
    for row in rows { row.reserveMessageLine() }
    if let generateButton {
      SignalConnection.connect(generateButton, "clicked") { [weak self] in self?.onGenerate?() }
    }
  }

  /// Whether the user ticked the `RememberOffer`'s check box.
  var remembers: Bool {
    rememberBox.map { gtk_toggle_button_get_active(lf_toggle_button($0)) != 0 } ?? false
  }

  /// Shows a quality from -100 (fails the agent's constraints) to 100.
  func showQuality(_ value: Int) {
    guard let qualityBar else { return }
    gtk_level_bar_set_value(lf_level_bar(qualityBar), Double(max(0, min(100, value))))
  }

}
