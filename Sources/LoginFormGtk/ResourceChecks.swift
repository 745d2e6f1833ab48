import CGtk

/// Checks of option values that need GTK's libraries: whether text is
/// Pango markup, whether a file is an image GdkPixbuf can load.
package enum ResourceChecks {
  /// Pango's complaint about `text` as markup, or nil when it parses.
  package static func markupProblem(_ text: String) -> String? {
    var error: UnsafeMutablePointer<GError>?
    guard pango_parse_markup(text, -1, 0, nil, nil, nil, &error) == 0 else { return nil }
    return takeMessage(error)
  }

  /// GdkPixbuf's complaint about the image at `path`, or nil when it loads.
  package static func iconProblem(_ path: String) -> String? {
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else { return takeMessage(error) }
    g_object_unref(UnsafeMutableRawPointer(pixbuf))
    return nil
  }
}
