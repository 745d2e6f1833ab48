import CGtk
import LoginFormPrompt

/// What the user may unfold under a form's text (`FormDescription.details`):
/// folded at first, its lines selectable so that an action id can be copied
/// into a search or a bug report.
@MainActor enum DetailsExpander {
  static func make(_ details: String) -> UnsafeMutablePointer<GtkWidget> {
    let expander = gtk_expander_new_with_mnemonic(localized("_Details"))!
    let text = gtk_label_new(details)!
    gtk_label_set_xalign(lf_label(text), 0)
    gtk_label_set_line_wrap(lf_label(text), true.gboolean)
    gtk_label_set_line_wrap_mode(lf_label(text), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_width_chars(lf_label(text), 1)
    gtk_label_set_selectable(lf_label(text), true.gboolean)
    gtk_widget_set_margin_top(text, 6)
    setStyleClass("dim-label", on: text, true)
    gtk_container_add(lf_container(expander), text)
    return expander
  }
}
