import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// WCAG contrast of what the user reads, measured on the rendered pixels of
/// the real widgets in the light and the dark Adwaita variants: typed text in
/// a field in error, and the error message under it.
final class ContrastTests: GtkTestCase {
  func testTypedTextAndErrorMessagesKeepAA4point5ToOneInLightAndDark() {
    MainActor.assumeIsolated {
      for dark in [false, true] {
        preferDarkTheme(dark)
        let window = makeWindow()
        typeText("bobXW", in: window)
        press(GDK_KEY_Tab, in: window)
        let row = window.row(.username)
        XCTAssertTrue(row.isShowingError, "the field is in error")
        waitForNextFrame(of: window.window)
        let theme = dark ? "dark" : "light"
        let entry = strongestContrast(in: row.entry)
        XCTAssertGreaterThanOrEqual(entry, 4.5, "typed text in the \(theme) theme")
        let message = strongestContrast(in: row.messageLine)
        XCTAssertGreaterThanOrEqual(message, 4.5, "the error message in the \(theme) theme")
        window.finish(.cancelled)
      }
      preferDarkTheme(false)
    }
  }

  func testTheDimRequirementLineStillKeepsAA4point5ToOne() {
    MainActor.assumeIsolated {
      for dark in [false, true] {
        preferDarkTheme(dark)
        let window = makeWindow()
        let row = window.row(.password)
        XCTAssertTrue(hasStyleClass("requirement", row.messageLine))
        waitForNextFrame(of: window.window)
        let theme = dark ? "dark" : "light"
        XCTAssertGreaterThanOrEqual(
          strongestContrast(in: row.messageLine), 4.5, "the requirement in the \(theme) theme")
        window.finish(.cancelled)
      }
      preferDarkTheme(false)
    }
  }
}

@MainActor func preferDarkTheme(_ dark: Bool) {
  var value = GValue()
  g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
  g_value_set_boolean(&value, dark.gboolean)
  g_object_set_property(
    UnsafeMutablePointer<GObject>(OpaquePointer(gtk_settings_get_default())),
    "gtk-application-prefer-dark-theme", &value)
  g_value_unset(&value)
  settle()
}

/// Renders `widget` and returns the contrast between its most common colour
/// (the background) and the pixel that differs from it most (the core of a
/// glyph stroke, drawn in the text colour).
@MainActor func strongestContrast(in widget: UnsafeMutablePointer<GtkWidget>) -> Double {
  let width = gtk_widget_get_allocated_width(widget)
  let height = gtk_widget_get_allocated_height(widget)
  let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
  defer { cairo_surface_destroy(surface) }
  let cairo = cairo_create(surface)!
  // The window's background under the widget, as on screen.
  let context = gtk_widget_get_style_context(gtk_widget_get_toplevel(widget))
  gtk_render_background(context, cairo, 0, 0, Double(width), Double(height))
  gtk_widget_draw(widget, cairo)
  cairo_destroy(cairo)
  cairo_surface_flush(surface)
  let stride = Int(cairo_image_surface_get_stride(surface))
  let data = cairo_image_surface_get_data(surface)!
  var counts: [UInt32: Int] = [:]
  var pixels: [UInt32] = []
  // The inner part only: borders and focus rings are not text.
  for y in Int(height) / 4..<Int(height) * 3 / 4 {
    for x in 8..<max(9, Int(width) - 30) {
      let pixel = UnsafeRawPointer(data + y * stride + x * 4).load(as: UInt32.self) & 0xFF_FFFF
      counts[pixel, default: 0] += 1
      pixels.append(pixel)
    }
  }
  let background = counts.max { $0.value < $1.value }!.key
  return pixels.map { contrast(background, $0) }.max() ?? 1
}

/// The WCAG 2 contrast ratio of two 0xRRGGBB colours.
private func contrast(_ first: UInt32, _ second: UInt32) -> Double {
  func luminance(_ pixel: UInt32) -> Double {
    func channel(_ shift: UInt32) -> Double {
      let value = Double((pixel >> shift) & 0xFF) / 255
      return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
  }
  let (a, b) = (luminance(first), luminance(second))
  return (max(a, b) + 0.05) / (min(a, b) + 0.05)
}
