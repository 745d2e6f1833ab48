import CGtk
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// The notice shown while another program waits (touch your security key):
/// read at full contrast though it never takes the focus, and closed by Esc
/// once the person clicked into it.
final class NoticeWindowTests: GtkTestCase {
  func testANoticeIsReadAtFullContrastInTheBackdropStateOfEveryTheme() {
    MainActor.assumeIsolated {
      for (theme, dark) in [("Adwaita", false), ("Adwaita", true), ("HighContrast", false)] {
        useTheme(theme, dark: dark)
        let notice = shownNotice()
        // As on a desktop, where another window keeps the focus.
        gtk_widget_set_state_flags(notice.window, GTK_STATE_FLAG_BACKDROP, false.gboolean)
        pump(milliseconds: 100)
        XCTAssertNotEqual(
          gtk_widget_get_state_flags(notice.text).rawValue & GTK_STATE_FLAG_BACKDROP.rawValue, 0,
          "drawn in the backdrop state")
        let name = "\(theme)\(dark ? " dark" : "")"
        XCTAssertGreaterThanOrEqual(strongestContrast(in: notice.text), 4.5, "the text, \(name)")
        XCTAssertGreaterThanOrEqual(
          strongestContrast(in: notice.heading!), 4.5, "the heading, \(name)")
        notice.finish(.cancelled)
      }
      useTheme("Adwaita", dark: false)
    }
  }

  func testANoticeSaysWhoAsks() {
    MainActor.assumeIsolated {
      var options = PromptOptions()
      options.requester = "ssh-agent (4242) ← ssh-add"
      let notice = shownNotice(options: options)
      let shown = labels(in: notice.window).map(labelText)
      // The caller's words in isolates, as in every window's "Asked by".
      XCTAssertEqual(shown.first, "Asked by \u{2068}ssh-agent (4242) ← ssh-add\u{2069}")
      notice.finish(.cancelled)
    }
  }

  func testEscapeClosesANoticeThatHasTheFocus() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let notice = shownNotice { result = $0 }
      let window = lf_window(notice.window)
      XCTAssertEqual(gtk_window_get_focus_on_map(window), 0, "no focus when it appears")
      XCTAssertNotEqual(gtk_window_get_accept_focus(window), 0, "a click may give it the focus")
      pressKey(GDK_KEY_Return, on: notice.window)
      XCTAssertNil(result, "Enter does not close it")
      pressKey(GDK_KEY_Escape, on: notice.window)
      XCTAssertEqual(result.map(Outcome.init), .closed)
    }
  }
}

/// Delivers a key press to `window` as GTK does to a focused window; no
/// release follows, since the press may have destroyed the window.
@MainActor private func pressKey(_ keyval: Int32, on window: UnsafeMutablePointer<GtkWidget>) {
  let event = gdk_event_new(GDK_KEY_PRESS)!
  defer { gdk_event_free(event) }
  event.pointee.key.keyval = guint(keyval)
  // GTK drops events whose window is not on screen; the event frees its ref.
  event.pointee.key.window = gtk_widget_get_window(window).map {
    OpaquePointer(g_object_ref(UnsafeMutableRawPointer($0)))
  }
  gtk_widget_event(window, event)
  settle()
}

/// The touch notice as ssh-agent's helper shows it.
@MainActor private func shownNotice(
  options: PromptOptions = PromptOptions(),
  onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
) -> NoticeWindow {
  let notice = NoticeWindow(
    description: NoticeDescription(
      heading: "Touch your security key",
      text: "OpenSSH needs your touch to use the ED25519-SK key SHA256:7Tc3gPdr8ufJ9SmmXGE.",
      close: "_Close", options: options),
    onFinish: onFinish)
  notice.present()
  pump(milliseconds: 150)
  return notice
}

/// Switches every window to GTK's theme `name`, in its dark variant if
/// `dark`.
@MainActor private func useTheme(_ name: String, dark: Bool) {
  var value = GValue()
  g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
  g_value_set_string(&value, name)
  g_object_set_property(
    UnsafeMutablePointer<GObject>(OpaquePointer(gtk_settings_get_default())), "gtk-theme-name",
    &value)
  g_value_unset(&value)
  preferDarkTheme(dark)
}
