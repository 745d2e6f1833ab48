import CGtk
import LoginFormPrompt

/// A form's choice (`FormDescription.Choice`): its label in the label
/// column and a drop-down beside it, in the Tab order before the fields.
@MainActor enum ChoiceRow {
  /// The drop-down for `choice`, on `row` of `grid`.
  static func make(
    _ choice: FormDescription.Choice, in grid: UnsafeMutablePointer<GtkWidget>, row: Int32
  ) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new_with_mnemonic(choice.label)!
    let box = gtk_combo_box_text_new()!
    for option in choice.options {
      gtk_combo_box_text_append_text(lf_combo_box_text(box), option)
    }
    gtk_combo_box_set_active(lf_combo_box(box), Int32(clamping: choice.selected))
    gtk_label_set_mnemonic_widget(lf_label(label), box)
    gtk_widget_set_halign(label, GTK_ALIGN_END)
    gtk_widget_set_hexpand(box, true.gboolean)
    gtk_grid_attach(lf_grid(grid), label, 0, row, 1, 1)
    gtk_grid_attach(lf_grid(grid), box, 1, row, 1, 1)
    return box
  }
}
