import CGtk

/// A client's or caller's text in a window, put in a framed pane of a
/// bounded height when it is taller than that, so that no text (a long key
/// description, a hundred lines) can push the fields or the buttons off the
/// screen. A short text is a wrapping, selectable label; a long one, or
/// one with a long word, a read-only text view (see LongText), which shows
/// at a cost that grows with its length alone. The pane can take the focus
/// (Shift+Tab from the first field), and the arrow, page, Home and End keys
/// scroll it.
@MainActor enum BoundedText {
  /// The tallest a text may make its window before it scrolls.
  static let maximumHeight: Int32 = 240

  /// The widget showing `text` (Pango markup when `isMarkup`), `width`
  /// pixels wide, or up to `widest` to keep a token whole, and the view to
  /// pack: that widget itself when it fits, else the scrolling `pane`
  /// around it.
  static func make(_ text: String, isMarkup: Bool = false, width: Int32, widest: Int32)
    -> (
      text: UnsafeMutablePointer<GtkWidget>, view: UnsafeMutablePointer<GtkWidget>,
      pane: UnsafeMutablePointer<GtkWidget>?
    )
  {
    if LongText.isTooLongForALabel(text) {
      let long = LongText(text, isMarkup: isMarkup, widest: widest)
      let pane = scrolling(long.view, fills: fillsThePane(text, width: width))
      // Pango 1.50 lets a line cut inside a word at an item's end overrun
      // the width by a few pixels, into the view's margin: the pane must
      // not widen the window for them (GTK_POLICY_NEVER would), only for a
      // token the view keeps whole.
      gtk_scrolled_window_set_policy(
        lf_scrolled_window(pane), GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
      if let needed = long.widthForTokens {
        gtk_scrolled_window_set_min_content_width(lf_scrolled_window(pane), needed)
      }
      return (long.view, pane, pane)
    }
    let label = wrappingLabel(text, isMarkup: isMarkup, widest: widest)
    // Only a tall text scrolls: GTK 3 sizes a scrolled window for its
    // child's height at the child's narrowest, which would leave a gap
    // under text that fits.
    var height: Int32 = 0
    // A hidden widget asks for no room at all.
    gtk_widget_show(label)
    // A token kept whole may widen the label past the content.
    var least: Int32 = 0
    gtk_widget_get_preferred_width(label, &least, nil)
    gtk_widget_get_preferred_height_for_width(label, max(width, least), nil, &height)
    guard height > maximumHeight else { return (label, label, nil) }
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(label, 6) }
    gtk_widget_set_margin_start(label, 6)
    gtk_widget_set_margin_end(label, 6)
    let pane = scrolling(label, fills: false)
    return (label, pane, pane)
  }

  /// `heading` and `text` as a window shows them: a heading too long for a
  /// label (a client's first line, in an askpass question) opens the text
  /// instead, where it is bounded and scrolls.
  static func shown(heading: String?, text: String) -> (heading: String?, text: String) {
    guard let heading, LongText.isTooLongForALabel(heading) else { return (heading, text) }
    return (nil, text.isEmpty ? heading : heading + "\n" + text)
  }

  /// Whether `text` is sure to be taller than the pane at `width` pixels:
  /// fourteen lines of characters three pixels wide. Then the pane is as
  /// tall as it gets without measuring the text, which would lay all of it
  /// out before the window shows.
  private static func fillsThePane(_ text: String, width: Int32) -> Bool {
    text.unicodeScalars.count > 14 * Int(width) / 3
  }

  /// A label for `text` (Pango markup when `isMarkup`) that wraps within
  /// the window's width, never widening it (see PromptFrame), and can be
  /// selected but takes no focus of its own.
  static func wrappingLabel(_ text: String, isMarkup: Bool = false, widest: Int32)
    -> UnsafeMutablePointer<GtkWidget>
  {
    let label = gtk_label_new(nil)!
    if isMarkup {
      gtk_label_set_markup(lf_label(label), text)
    } else {
      gtk_label_set_text(lf_label(label), text)
      WholeTokens.apply(to: label, text: text, widest: widest)
    }
    gtk_label_set_line_wrap(lf_label(label), true.gboolean)
    gtk_label_set_line_wrap_mode(lf_label(label), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_width_chars(lf_label(label), 1)
    gtk_label_set_max_width_chars(lf_label(label), 1)
    gtk_label_set_xalign(lf_label(label), 0)
    gtk_label_set_yalign(lf_label(label), 0)
    gtk_label_set_selectable(lf_label(label), true.gboolean)
    ShownTextCopy.leaveOutIsolates(of: label)
    gtk_widget_set_can_focus(label, false.gboolean)
    return label
  }

  /// Puts `text` (a label or a text view) in a framed scrolled window as
  /// tall as the text, up to `maximumHeight`, or that tall from the start
  /// when the text `fills` it; the text takes the focus there, and scrolls
  /// it.
  private static func scrolling(_ text: UnsafeMutablePointer<GtkWidget>, fills: Bool)
    -> UnsafeMutablePointer<GtkWidget>
  {
    let scrolled = gtk_scrolled_window_new(nil, nil)!
    let window = lf_scrolled_window(scrolled)
    gtk_scrolled_window_set_policy(window, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_shadow_type(window, GTK_SHADOW_IN)
    if fills {
      gtk_scrolled_window_set_min_content_height(window, maximumHeight)
    } else {
      gtk_scrolled_window_set_propagate_natural_height(window, true.gboolean)
    }
    gtk_scrolled_window_set_max_content_height(window, maximumHeight)
    gtk_widget_set_can_focus(text, true.gboolean)
    gtk_container_add(lf_container(scrolled), text)
    let adjustment = gtk_scrolled_window_get_vadjustment(window)!
    SignalConnection.connectEvent(text, "key-press-event") { event in
      scroll(adjustment, for: event.pointee.key.keyval)
    }
    return scrolled
  }

  /// Scrolls `adjustment` for the key `keyval`; false for keys that do not
  /// scroll.
  private static func scroll(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, for keyval: guint)
    -> Bool
  {
    let value = gtk_adjustment_get_value(adjustment)
    let step = gtk_adjustment_get_step_increment(adjustment)
    let page = gtk_adjustment_get_page_increment(adjustment)
    let target: Double
    switch Int32(keyval) {
    case GDK_KEY_Up, GDK_KEY_KP_Up: target = value - step
    case GDK_KEY_Down, GDK_KEY_KP_Down: target = value + step
    case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = value - page
    case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = value + page
    case GDK_KEY_Home, GDK_KEY_KP_Home: target = gtk_adjustment_get_lower(adjustment)
    case GDK_KEY_End, GDK_KEY_KP_End: target = gtk_adjustment_get_upper(adjustment)
    default: return false
    }
    gtk_adjustment_set_value(adjustment, target)
    return true
  }
}
