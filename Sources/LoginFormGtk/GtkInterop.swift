import CGtk
import LoginFormPrompt

// The raw C boundary on the Swift side: conversions between C and Swift
// values that the rest of the GTK layer would otherwise repeat. Casts between
// widget types go through the checked wrappers in CGtk's shim.h.

extension Bool {
  /// The `gboolean` GTK expects for this value.
  var gboolean: gboolean { self ? lf_true : lf_false }
}

extension String {
  /// Copies a borrowed, NUL-terminated UTF-8 string from GTK. Nil becomes "".
  init(borrowing pointer: UnsafePointer<gchar>?) {
    self = pointer.map { String(cString: $0) } ?? ""
  }

  /// Copies a newly allocated string from GLib, then frees it.
  init(taking pointer: UnsafeMutablePointer<gchar>?) {
    self.init(borrowing: pointer)
    g_free(pointer)
  }
}

/// Takes the message out of a GLib error and frees the error. A call that
/// failed without setting its error (some pixbuf loaders do) gives "".
/// The message may quote what it read (a style sheet, a pattern), so it
/// comes out as one line with no character a terminal would obey.
package func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
  guard let error else { return "" }
  let message = String(borrowing: error.pointee.message)
  g_error_free(error)
  return ClientText.plainLine(message)
}

/// The text of a GtkEntry, copied.
@MainActor func text(of entry: UnsafeMutablePointer<GtkWidget>) -> String {
  String(borrowing: gtk_entry_get_text(lf_entry(entry)))
}

/// Adds or removes a CSS style class on a widget.
@MainActor func setStyleClass(
  _ name: String, on widget: UnsafeMutablePointer<GtkWidget>, _ present: Bool
) {
  let context = gtk_widget_get_style_context(widget)
  if present {
    gtk_style_context_add_class(context, name)
  } else {
    gtk_style_context_remove_class(context, name)
  }
}
