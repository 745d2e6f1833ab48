import CGtk
import LoginFormPrompt

/// A copy of a caller's text holds exactly the characters shown.
///
/// ClientText puts each line of a caller's text between the isolates U+2068
/// and U+2069, so that its direction cannot leak into the words around it.
/// They show as nothing, and a copied key ID or user ID that carries them
/// fails to match for no visible reason. The selectable labels and text
/// views that show a caller's text leave them out (a text view also the
/// joiners that keep its tokens whole, see TokenJoiners) wherever a copy
/// goes: the clipboard (Ctrl+C and the menu's Copy both emit "copy-clipboard"),
/// PRIMARY, which a selection offers, and a drag of the selection.
///
/// For PRIMARY, GTK lets the label or the buffer offer its selection as it
/// does, then the same selection is offered again under the same owner.
/// GTK treats that as new contents, not a new owner. The widget keeps its
/// selection until another program takes PRIMARY, and then drops it, as it
/// does on its own.
@MainActor enum ShownTextCopy {
  /// Makes copies from `label`, a selectable label, hold only what it shows.
  static func leaveOutIsolates(of label: UnsafeMutablePointer<GtkWidget>) {
    // The handlers take its address: a pointer is not Sendable.
    let address = UInt(bitPattern: label)
    SignalConnection.connect(label, "copy-clipboard") { labelCopied(address) }
    for property in ["cursor-position", "selection-bound"] {
      SignalConnection.connectNotify(label, property: property) { reofferLabel(address) }
    }
    dragsGive(labelDragged, from: label)
  }

  /// Makes copies from `view`, a read-only text view, hold only what it
  /// shows.
  static func leaveOutIsolates(ofTextView view: UnsafeMutablePointer<GtkWidget>) {
    let address = UInt(bitPattern: view)
    SignalConnection.connect(view, "copy-clipboard") { textViewCopied(address) }
    // After the buffer's own handler, which offers the selection first.
    let buffer = gtk_text_view_get_buffer(lf_text_view(view))
    g_signal_connect_data(
      UnsafeMutableRawPointer(buffer), "mark-set", unsafeBitCast(bufferMarkSet, to: GCallback.self),
      nil, nil, G_CONNECT_AFTER)
    dragsGive(textViewDragged, from: view)
  }

  /// Has a drag of `widget`'s selection give what `handler` gives, after
  /// GTK's own handler has given the selection as it is.
  private static func dragsGive(
    _ handler: DragDataGet, from widget: UnsafeMutablePointer<GtkWidget>
  ) {
    g_signal_connect_data(
      widget, "drag-data-get", unsafeBitCast(handler, to: GCallback.self), nil, nil,
      G_CONNECT_AFTER)
  }

  /// Whether `data` is asked for as text (not, say, a text view's rich
  /// text for another text view of this program).
  fileprivate static func isText(_ data: OpaquePointer) -> Bool {
    var target = gtk_selection_data_get_target(data)
    return gtk_targets_include_text(&target, 1) != 0
  }

  /// Offers `owner`'s selection as PRIMARY through `get` and `clear` if
  /// `owner` holds PRIMARY now, that is, right after it offered it itself.
  private static func reoffer(
    _ owner: UnsafeMutableRawPointer, get: GtkClipboardGetFunc, clear: GtkClipboardClearFunc
  ) {
    let primary = gtk_clipboard_get(gdk_atom_intern("PRIMARY", false.gboolean))
    guard let primary,
      UnsafeMutableRawPointer(gtk_clipboard_get_owner(primary)) == owner
    else { return }
    let list = gtk_target_list_new(nil, 0)
    gtk_target_list_add_text_targets(list, 0)
    var count: Int32 = 0
    let targets = gtk_target_table_new_from_list(list, &count)
    gtk_target_list_unref(list)
    _ = gtk_clipboard_set_with_owner(
      primary, targets, guint(count), get, clear, owner.assumingMemoryBound(to: GObject.self))
    gtk_target_table_free(targets, count)
  }

  /// Puts `text` on the clipboard, if there is any.
  private static func copy(_ text: String?) {
    guard let text, !text.isEmpty else { return }
    let clipboard = gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", false.gboolean))
    gtk_clipboard_set_text(clipboard, ClientText.withoutIsolates(text), -1)
  }

  /// What `label` has selected, if anything.
  private static func selection(of label: UnsafeMutablePointer<GtkLabel>) -> String? {
    var start: Int32 = 0
    var end: Int32 = 0
    guard gtk_label_get_selection_bounds(label, &start, &end) != 0, start != end,
      let text = gtk_label_get_text(label)
    else { return nil }
    let scalars = Array(String(cString: text).unicodeScalars)
    let lower = min(max(0, Int(start)), scalars.count)
    let range = lower..<min(max(lower, Int(end)), scalars.count)
    guard !range.isEmpty else { return nil }
    var selected = ""
    selected.unicodeScalars.append(contentsOf: scalars[range])
    return selected
  }

  /// What `buffer` has selected, if anything.
  private static func selection(of buffer: UnsafeMutablePointer<GtkTextBuffer>) -> String? {
    var start = GtkTextIter()
    var end = GtkTextIter()
    guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end) != 0 else { return nil }
    return String(taking: gtk_text_buffer_get_text(buffer, &start, &end, false.gboolean))
  }
}

// Signal handlers and clipboard callbacks. GTK calls each on the main
// thread; the owner passed to a clipboard callback is the label or buffer.
// Pointers cross into the main actor as addresses, since they are not
// Sendable. "mark-set" runs after the buffer's own handler and passes the
// mark, and a clipboard callback must be a C function: SignalConnection
// has neither.

extension ShownTextCopy {
  private static func labelCopied(_ address: UInt) {
    guard let label = UnsafeMutablePointer<GtkWidget>(bitPattern: address) else { return }
    copy(selection(of: lf_label(label)))
    g_signal_stop_emission_by_name(label, "copy-clipboard")
  }

  private static func textViewCopied(_ address: UInt) {
    guard let view = UnsafeMutablePointer<GtkWidget>(bitPattern: address),
      let buffer = gtk_text_view_get_buffer(lf_text_view(view))
    else { return }
    copy(selection(of: buffer).map { TokenJoiners.removed(from: $0) })
    g_signal_stop_emission_by_name(view, "copy-clipboard")
  }

  private static func reofferLabel(_ address: UInt) {
    guard let label = UnsafeMutableRawPointer(bitPattern: address) else { return }
    reoffer(label, get: labelText, clear: labelLostPrimary)
  }

  fileprivate static func reofferBuffer(_ address: UInt, mark markAddress: UInt) {
    guard let buffer = UnsafeMutablePointer<GtkTextBuffer>(bitPattern: address) else { return }
    let mark = OpaquePointer(bitPattern: markAddress)
    // Only the two marks that bound the selection change it.
    guard
      mark == OpaquePointer(gtk_text_buffer_get_insert(buffer))
        || mark == OpaquePointer(gtk_text_buffer_get_selection_bound(buffer))
    else { return }
    reoffer(UnsafeMutableRawPointer(buffer), get: bufferText, clear: bufferLostPrimary)
  }

  fileprivate static func offerLabelText(_ address: UInt, into dataAddress: UInt) {
    guard let label = UnsafeMutablePointer<GtkWidget>(bitPattern: address),
      let data = OpaquePointer(bitPattern: dataAddress)
    else { return }
    let selected = selection(of: lf_label(label)).map(ClientText.withoutIsolates)
    _ = gtk_selection_data_set_text(data, selected ?? "", -1)
  }

  fileprivate static func offerBufferText(_ address: UInt, into dataAddress: UInt) {
    guard let buffer = UnsafeMutablePointer<GtkTextBuffer>(bitPattern: address),
      let data = OpaquePointer(bitPattern: dataAddress)
    else { return }
    let selected = selection(of: buffer).map {
      ClientText.withoutIsolates(TokenJoiners.removed(from: $0))
    }
    _ = gtk_selection_data_set_text(data, selected ?? "", -1)
  }

  /// As GTK's own: the selection goes once another program takes PRIMARY.
  /// A label shows no cursor, so where it collapses to is not seen.
  fileprivate static func deselectLabel(_ address: UInt) {
    guard let label = lf_label(UnsafeMutableRawPointer(bitPattern: address)) else { return }
    var start: Int32 = 0
    var end: Int32 = 0
    guard gtk_label_get_selection_bounds(label, &start, &end) != 0 else { return }
    gtk_label_select_region(label, end, end)
  }

  /// As GTK's own: the selection collapses to the cursor.
  fileprivate static func deselectBuffer(_ address: UInt) {
    guard let buffer = UnsafeMutablePointer<GtkTextBuffer>(bitPattern: address) else { return }
    var cursor = GtkTextIter()
    gtk_text_buffer_get_iter_at_mark(buffer, &cursor, gtk_text_buffer_get_insert(buffer))
    gtk_text_buffer_select_range(buffer, &cursor, &cursor)
  }
}

private let bufferMarkSet:
  @convention(c) (gpointer?, UnsafeMutablePointer<GtkTextIter>?, gpointer?, gpointer?) -> Void = {
    instance, _, mark, _ in
    let address = UInt(bitPattern: instance)
    let markAddress = UInt(bitPattern: mark)
    MainActor.assumeIsolated { ShownTextCopy.reofferBuffer(address, mark: markAddress) }
  }

/// "drag-data-get": the widget, the drag, the data to fill, its info and time.
private typealias DragDataGet =
  @convention(c) (
    gpointer?, gpointer?, OpaquePointer?, guint, guint, gpointer?
  ) -> Void

private let labelDragged: DragDataGet = { label, _, data, _, _, _ in
  let address = UInt(bitPattern: label)
  let dataAddress = UInt(bitPattern: data)
  MainActor.assumeIsolated {
    guard let data = OpaquePointer(bitPattern: dataAddress), ShownTextCopy.isText(data) else {
      return
    }
    ShownTextCopy.offerLabelText(address, into: dataAddress)
  }
}

private let textViewDragged: DragDataGet = { view, _, data, _, _, _ in
  let address = UInt(bitPattern: view)
  let dataAddress = UInt(bitPattern: data)
  MainActor.assumeIsolated {
    guard let data = OpaquePointer(bitPattern: dataAddress), ShownTextCopy.isText(data),
      let view = UnsafeMutableRawPointer(bitPattern: address)
    else { return }
    let buffer = gtk_text_view_get_buffer(lf_text_view(view))
    ShownTextCopy.offerBufferText(UInt(bitPattern: buffer), into: dataAddress)
  }
}

private let labelText: GtkClipboardGetFunc = { _, data, _, owner in
  let address = UInt(bitPattern: owner)
  let dataAddress = UInt(bitPattern: data)
  MainActor.assumeIsolated { ShownTextCopy.offerLabelText(address, into: dataAddress) }
}

private let bufferText: GtkClipboardGetFunc = { _, data, _, owner in
  let address = UInt(bitPattern: owner)
  let dataAddress = UInt(bitPattern: data)
  MainActor.assumeIsolated { ShownTextCopy.offerBufferText(address, into: dataAddress) }
}

private let labelLostPrimary: GtkClipboardClearFunc = { _, owner in
  let address = UInt(bitPattern: owner)
  MainActor.assumeIsolated { ShownTextCopy.deselectLabel(address) }
}

private let bufferLostPrimary: GtkClipboardClearFunc = { _, owner in
  let address = UInt(bitPattern: owner)
  MainActor.assumeIsolated { ShownTextCopy.deselectBuffer(address) }
}
