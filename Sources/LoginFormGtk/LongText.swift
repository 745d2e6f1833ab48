import CGtk
import LoginFormMainLoop

/// A client's or caller's text too long for a label, in a read-only,
/// wrapping text view, at a cost that grows with the text's length alone.
///
/// A wrapping GtkLabel lays its whole text out again for each size it is
/// asked about, one of them a character wide: 100 KB took 30 s to show, and
/// one word of 16 000 characters never did. A text view lays out each
/// paragraph once, at the width it has. Two of Pango 1.50's costs remain,
/// and each is met here:
/// - Pango wraps a run of text that it shapes as one item by shaping what
///   is left of the item again for each line, which is quadratic in a long
///   run without spaces. Two tags that change nothing in looks, alternating
///   every few hundred characters, make each run an item of its own.
/// - A paragraph is laid out whole, so only the first part of a long text
///   goes in before the window shows; the rest follows once the window's
///   first frame is painted, and the text is then complete (selection,
///   scrolling, the accessible text). Markup is cut only where both parts
///   are markup (see MarkupCut), else it goes in whole.
@MainActor final class LongText {
  /// Texts longer than this, in Unicode scalars, are not put in a label.
  static let longestLabelText = 500
  /// Nor are texts with a run of more characters than this without a space.
  static let longestLabelRun = 80
  /// How much of a text goes in before the window shows, in characters
  /// (bytes of markup): more than the pane shows at any width.
  static let firstPart = 4096
  /// Unicode scalars per Pango item.
  private static let itemLength: Int32 = 256

  /// The text view.
  let view: UnsafeMutablePointer<GtkWidget>
  /// How wide its pane must be to keep its widest token whole, if it keeps
  /// any (at most the widest it may be).
  let widthForTokens: Int32?
  private let buffer: UnsafeMutablePointer<GtkTextBuffer>
  private let tags: [UnsafeMutablePointer<GtkTextTag>]
  private let isMarkup: Bool
  private var nextItem = 0
  private var rest: Substring?
  private var afterPaint: (clock: UnsafeMutableRawPointer, handler: gulong)?

  /// Whether `text` is too long, or has too long a word, for a label.
  static func isTooLongForALabel(_ text: String) -> Bool {
    var count = 0
    var run = 0
    for scalar in text.unicodeScalars {
      count += 1
      run = scalar.properties.isWhitespace ? 0 : run + 1
      if count > longestLabelText || run > longestLabelRun { return true }
    }
    return false
  }

  /// A read-only view of `text` (Pango markup when `isMarkup`), wrapping at
  /// word or else character boundaries, selectable, with no cursor, up to
  /// `widest` pixels wide to keep a token whole.
  init(_ text: String, isMarkup markup: Bool, widest: Int32) {
    view = gtk_text_view_new()
    let textView = lf_text_view(view)
    gtk_text_view_set_editable(textView, false.gboolean)
    gtk_text_view_set_cursor_visible(textView, false.gboolean)
    gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
    for margin in [gtk_text_view_set_left_margin, gtk_text_view_set_right_margin] {
      margin(textView, 6)
    }
    gtk_text_view_set_top_margin(textView, 6)
    gtk_text_view_set_bottom_margin(textView, 6)
    setStyleClass("prompt-long-text", on: view, true)
    ShownTextCopy.leaveOutIsolates(ofTextView: view)
    buffer = gtk_text_view_get_buffer(textView)
    // Held until the rest is in, should the view go first.
    g_object_ref(buffer)
    let table = gtk_text_buffer_get_tag_table(buffer)
    tags = (0..<2).map { _ in
      let tag = lf_text_tag_new_with_fallback()!
      gtk_text_tag_table_add(table, tag)
      g_object_unref(tag)
      return tag
    }
    isMarkup = markup
    // Markup keeps its own breaks, as a label's does. The view widens, up
    // to `widest`, for the widest token it keeps whole, as a label does.
    let joined = markup ? (text: text, longest: []) : TokenJoiners.joined(text)
    let text = joined.text
    let measuring = view
    let tokenWidth = joined.longest.map { token in
      WholeTokens.width(of: Array(token.utf8)[...], isFingerprint: false, in: measuring)
    }.max()
    // With its margins (6 px a side), and as much again: at its width
    // exactly, Pango still moves the token's last character on.
    widthForTokens = tokenWidth.map { min($0 + 24, widest) }
    let cut =
      markup
      ? MarkupCut.index(in: text, after: Self.firstPart)
      : text.index(text.startIndex, offsetBy: Self.firstPart, limitedBy: text.endIndex)
    append(text[..<(cut ?? text.endIndex)])
    if let cut, cut < text.endIndex {
      rest = text[cut...]
      // The handlers hold this object, which has no other owner: the
      // view's until the view goes, the frame clock's until the rest is in.
      SignalConnection.connect(view, "map") { self.waitForFirstFrame() }
    }
  }

  // Not the frame clock's handler: while it is connected, it holds this
  // object.
  isolated deinit {
    g_object_unref(buffer)
  }

  /// Adds `text` at the end, each item's worth of it tagged.
  private func append(_ text: Substring) {
    var end = GtkTextIter()
    gtk_text_buffer_get_end_iter(buffer, &end)
    var offset = gtk_text_iter_get_offset(&end)
    var added = text
    if isMarkup {
      gtk_text_buffer_insert_markup(buffer, &end, String(text), -1)
      var start = GtkTextIter()
      gtk_text_buffer_get_iter_at_offset(buffer, &start, offset)
      // The items are counted in the text the markup stands for.
      added = Substring(String(taking: gtk_text_buffer_get_text(buffer, &start, &end, 0)))
    } else {
      gtk_text_buffer_insert(buffer, &end, String(text), -1)
    }
    var from = GtkTextIter()
    var to = GtkTextIter()
    for length in Self.itemLengths(of: added) {
      gtk_text_buffer_get_iter_at_offset(buffer, &from, offset)
      offset += length
      gtk_text_buffer_get_iter_at_offset(buffer, &to, offset)
      gtk_text_buffer_apply_tag(buffer, tags[nextItem % 2], &from, &to)
      nextItem += 1
    }
  }

  /// The lengths, in Unicode scalars (the buffer's characters), of the
  /// items `text` is cut into: whole characters as a person sees them (an
  /// accent, an emoji sequence), at least `itemLength` scalars but the last.
  private static func itemLengths(of text: Substring) -> [Int32] {
    var lengths: [Int32] = []
    var length: Int32 = 0
    for character in text {
      length += Int32(character.unicodeScalars.count)
      if length >= itemLength {
        lengths.append(length)
        length = 0
      }
    }
    if length > 0 { lengths.append(length) }
    return lengths
  }

  /// Once the window that shows the view has painted its first frame, adds
  /// the rest of the text.
  private func waitForFirstFrame() {
    guard rest != nil, afterPaint == nil,
      let clock = gtk_widget_get_frame_clock(view).map(UnsafeMutableRawPointer.init)
    else { return }
    let handler = SignalConnection.connect(clock, "after-paint") { self.addRest() }
    afterPaint = (clock, handler)
  }

  private func addRest() {
    if let afterPaint { g_signal_handler_disconnect(afterPaint.clock, afterPaint.handler) }
    afterPaint = nil
    guard let rest else { return }
    self.rest = nil
    append(rest)
  }
}
