import CGtk

/// A client's or caller's text in a window: a wrapping, selectable label,
/// measured, and put in a scrolled window of a fixed height when it is
/// taller than that, so that no text (a hundred empty lines, a long key
/// description) can push the fields or the buttons off the screen.
@MainActor enum BoundedText {
  /// The tallest a text may make its window before it scrolls.
  static let maximumHeight: Int32 = 240

  /// The label showing `text` (Pango markup when `isMarkup`) in the CSS
  /// class `styleClass`, and the view to pack: the label itself when it
  /// fits, else a scrolled window that bounds it.
  static func make(_ text: String, isMarkup: Bool = false, styleClass: String? = nil)
    -> (label: UnsafeMutablePointer<GtkWidget>, view: UnsafeMutablePointer<GtkWidget>)
  {
    let label = gtk_label_new(nil)!
    if isMarkup {
      gtk_label_set_markup(lf_label(label), text)
    } else {
      gtk_label_set_text(lf_label(label), text)
    }
    gtk_label_set_line_wrap(lf_label(label), true.gboolean)
    gtk_label_set_line_wrap_mode(lf_label(label), PANGO_WRAP_WORD_CHAR)
    // A wrapping label's minimum width is one word, and GTK 3 sizes a
    // scrolled window for its child's height at the child's minimum width:
    // with the minimum close to the width it gets, there is no gap under
    // the text.
    gtk_label_set_width_chars(lf_label(label), 50)
    gtk_label_set_max_width_chars(lf_label(label), 50)
    gtk_label_set_xalign(lf_label(label), 0)
    gtk_label_set_yalign(lf_label(label), 0)
    gtk_label_set_selectable(lf_label(label), true.gboolean)
    gtk_widget_set_can_focus(label, false.gboolean)
    if let styleClass { setStyleClass(styleClass, on: label, true) }
    // Measured at the width it will have (50 characters: see above). Only
    // a tall text scrolls, because GTK 3 sizes a scrolled window for its
    // child at the child's narrowest, which leaves a gap under short text.
    var width: Int32 = 0
    var height: Int32 = 0
    // A hidden widget asks for no room at all.
    gtk_widget_show(label)
    gtk_widget_get_preferred_width(label, nil, &width)
    gtk_widget_get_preferred_height_for_width(label, width, nil, &height)
    guard height > maximumHeight else { return (label, label) }
    let scrolled = gtk_scrolled_window_new(nil, nil)!
    gtk_scrolled_window_set_policy(
      lf_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_height(lf_scrolled_window(scrolled), true.gboolean)
    gtk_scrolled_window_set_max_content_height(lf_scrolled_window(scrolled), maximumHeight)
    gtk_container_add(lf_container(scrolled), label)
    return (label, scrolled)
  }
}
