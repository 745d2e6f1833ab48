import CGtk
import LoginFormModel

/// One field of the form: its mnemonic label, its entry, and the message line
/// under the entry that says what the field is missing.
@MainActor final class FieldRow {
  let field: Field
  let label: UnsafeMutablePointer<GtkWidget>
  let entry: UnsafeMutablePointer<GtkWidget>
  let message: UnsafeMutablePointer<GtkWidget>

  /// Builds the widgets; `mnemonicLabel` has an underscore before its
  /// mnemonic, and `name` is the same text without it, for assistive
  /// technology.
  init(field: Field, mnemonicLabel: String, name: String, rules: FieldRules) {
    self.field = field
    label = gtk_label_new_with_mnemonic(mnemonicLabel)
    entry = gtk_entry_new()
    message = gtk_label_new(nil)

    gtk_widget_set_halign(label, GTK_ALIGN_END)
    gtk_label_set_mnemonic_widget(lf_label(label), entry)
    gtk_widget_set_hexpand(entry, true.gboolean)
    // GTK counts code points, the rules count what a person sees; several code
    // points can make one character, so the entry's cap leaves room for the
    // rule to be the one that speaks while still bounding a huge paste.
    gtk_entry_set_max_length(lf_entry(entry), Int32(min(rules.maximumLength * 8, 65_535)))
    atk_object_set_name(gtk_widget_get_accessible(entry), name)

    gtk_label_set_xalign(lf_label(message), 0)
    gtk_label_set_line_wrap(lf_label(message), true.gboolean)
    // See LoginWindow: a wrapping label needs a minimum width, or the window
    // is sized for the message wrapped at every word.
    gtk_label_set_width_chars(lf_label(message), 40)
    gtk_label_set_max_width_chars(lf_label(message), 40)
  }

  /// Places the label and entry on `row` of `grid`, and the message under them.
  func attach(to grid: UnsafeMutablePointer<GtkWidget>, row: Int32) {
    gtk_grid_attach(lf_grid(grid), label, 0, row, 1, 1)
    gtk_grid_attach(lf_grid(grid), entry, 1, row, 1, 1)
    gtk_grid_attach(lf_grid(grid), message, 1, row + 1, 1, 1)
  }

  /// Keeps one line's height for the message even while it is empty, so the
  /// window does not jump when a message appears. Call once the row is in
  /// its window, when the label has its final font.
  func reserveMessageLine() {
    gtk_label_set_markup(lf_label(message), "<small>X</small>")
    var height: Int32 = 0
    gtk_widget_get_preferred_height(message, &height, nil)
    gtk_widget_set_size_request(message, -1, height)
    gtk_label_set_text(lf_label(message), "")
  }

  /// Shows `issues` in words under the entry, marks the entry as in error
  /// while there are any, and tells assistive technology.
  func show(_ issues: [FieldIssue]) {
    let text = IssueMessage.text(for: issues)
    let markup = String(taking: g_markup_escape_text(text, -1))
    gtk_label_set_markup(lf_label(message), "<small>\(markup)</small>")
    // The entry carries the red; the message stays in the normal text
    // colour, which keeps its contrast in the dark variant too.
    setStyleClass("error", on: entry, !issues.isEmpty)
    atk_object_set_description(gtk_widget_get_accessible(entry), text)
  }

  /// The entry's text as typed.
  var text: String { LoginFormGtk.text(of: entry) }
}
