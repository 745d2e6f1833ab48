import CGtk
import LoginFormPrompt

/// The prompt's CSS (resources/login-form.css), installed next to the
/// translations and loaded once per process for every window.
@MainActor enum StyleSheet {
  private static var isInstalled = false

  /// `<prefix>/share/login-form/login-form.css` for the running binary.
  static var path: String {
    Localization.shareDirectory + "/login-form/login-form.css"
  }

  /// Loads the style sheet for the default screen, once. A missing or broken
  /// file leaves GTK's own styles, with one line on standard error.
  static func installOnce() {
    guard !isInstalled, let screen = gdk_screen_get_default() else { return }
    isInstalled = true
    let provider = gtk_css_provider_new()!
    defer { g_object_unref(provider) }
    var error: UnsafeMutablePointer<GError>?
    guard gtk_css_provider_load_from_path(provider, path, &error) != 0 else {
      // TRANSLATORS: a file path, then the system's reason.
      Diagnostics.warn(formatted(localized("Cannot load %s: %s"), path, takeMessage(error)))
      return
    }
    gtk_style_context_add_provider_for_screen(
      screen, lf_style_provider(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
