/// How a prompt's window sits on the desktop: hints only a windowing
/// presenter uses.
package struct WindowHints {
  /// The window's width in pixels, if the caller wants one.
  package var width: Int?
  /// An icon theme name or an image file for the window.
  package var icon: String?
  /// The X window the prompt belongs to (transient for it), as zenity's
  /// `--attach`; X11 only.
  package var parentWindow: UInt?
  /// Whether the prompt blocks its parent window.
  package var isModal = false
  /// Whether the prompt stays above other windows.
  package var keepsAbove = false

  /// Hints with every default.
  package init() {}

  /// An X window id in decimal or as 0x-prefixed hexadecimal, as xdotool,
  /// xwininfo and gpg-agent's `--parent-wid` give them; nil for anything
  /// else.
  package static func windowID(_ text: String) -> UInt? {
    let lower = text.lowercased()
    let id = lower.hasPrefix("0x") ? UInt(lower.dropFirst(2), radix: 16) : UInt(lower)
    return id.flatMap { $0 > 0 && $0 <= UInt(UInt32.max) ? $0 : nil }
  }
}
