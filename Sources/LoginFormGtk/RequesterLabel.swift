import CGtk

/// The caption that says which program asks ("Asked by ssh-add (28319)"),
/// above everything the asker says, in every kind of window.
@MainActor enum RequesterLabel {
  /// A label reading `line`, wrapped within the window's width and never
  /// widening it, selectable but never focused.
  static func make(_ line: String) -> UnsafeMutablePointer<GtkWidget> {
    let requester = gtk_label_new(line)!
    gtk_label_set_xalign(lf_label(requester), 0)
    gtk_label_set_line_wrap(lf_label(requester), true.gboolean)
    gtk_label_set_line_wrap_mode(lf_label(requester), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_width_chars(lf_label(requester), 1)
    gtk_label_set_max_width_chars(lf_label(requester), 1)
    gtk_label_set_selectable(lf_label(requester), true.gboolean)
    ShownTextCopy.leaveOutIsolates(of: requester)
    gtk_widget_set_can_focus(requester, false.gboolean)
    setStyleClass("prompt-requester", on: requester, true)
    return requester
  }
}
