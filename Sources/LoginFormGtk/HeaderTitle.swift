import CGtk

/// The title and subtitle (the countdown, at full contrast) of a prompt's header bar, as
/// GtkHeaderBar draws its own, except that neither is cut short to make
/// room for the buttons: the window widens for them instead. A German
/// "Legitimierung für sudo" beside "Abbrechen" and "Legitimieren" is read
/// whole. A title longer than `maximumTitleCharacters`, or any title in a
/// window whose caller chose its width, is ellipsized instead.
@MainActor final class HeaderTitle {
  let box: UnsafeMutablePointer<GtkWidget>
  let title: UnsafeMutablePointer<GtkWidget>
  let subtitle: UnsafeMutablePointer<GtkWidget>

  /// The most characters of a title that widen the window.
  static let maximumTitleCharacters = 32

  /// A title reading `text`, which may widen the window unless
  /// `fitsTheWidth` (the caller's `--width` stands).
  init(_ text: String, fitsTheWidth: Bool) {
    box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    title = gtk_label_new(text)
    subtitle = gtk_label_new(nil)
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
    gtk_label_set_ellipsize(lf_label(title), PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(lf_label(title), true.gboolean)
    let whole = fitsTheWidth ? 1 : min(text.count, Self.maximumTitleCharacters)
    gtk_label_set_width_chars(lf_label(title), Int32(whole))
    setStyleClass("title", on: title, true)
    gtk_label_set_single_line_mode(lf_label(subtitle), true.gboolean)
    setStyleClass("subtitle", on: subtitle, true)
    // Not dimmed as a subtitle is: it says the prompt is about to cancel.
    setStyleClass("prompt-countdown", on: subtitle, true)
    gtk_widget_set_no_show_all(subtitle, true.gboolean)
    gtk_box_pack_start(lf_box(box), title, false.gboolean, false.gboolean, 0)
    gtk_box_pack_start(lf_box(box), subtitle, false.gboolean, false.gboolean, 0)
  }

  /// The subtitle, or nil for none (then it takes no room).
  var subtitleText: String? {
    get {
      gtk_widget_get_visible(subtitle) != 0
        ? String(borrowing: gtk_label_get_text(lf_label(subtitle))) : nil
    }
    set {
      gtk_label_set_text(lf_label(subtitle), newValue ?? "")
      gtk_widget_set_visible(subtitle, (newValue != nil).gboolean)
    }
  }
}
