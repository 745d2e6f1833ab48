/// How a prompt window sits on the desktop, whatever it asks.
public struct WindowOptions {
  /// The window title; nil for the mode's default.
  public var title: String?
  /// The window's width in pixels, if the caller wants one.
  public var width: Int?
  /// An icon theme name or an image file for the window.
  public var icon: String?
  /// The X window the prompt belongs to (transient for it), as zenity's
  /// `--attach`; X11 only.
  public var parentWindow: UInt?
  /// Whether the prompt blocks its parent window.
  public var isModal = false
  /// Whether the prompt stays above other windows.
  public var keepsAbove = false
  /// Whether to grab the keyboard while the prompt is up (X11 only), so no
  /// other client can read or steal the keys.
  public var grabsKeyboard = false
  /// Seconds after which the prompt gives up, unless the user has started
  /// typing; nil for never.
  public var timeoutSeconds: Int?

  /// Options with every default.
  public init() {}

  /// An X window id in decimal or as 0x-prefixed hexadecimal, as xdotool,
  /// xwininfo and gpg-agent's `--parent-wid` give them; nil for anything
  /// else.
  public static func windowID(_ text: String) -> UInt? {
    let lower = text.lowercased()
    let id = lower.hasPrefix("0x") ? UInt(lower.dropFirst(2), radix: 16) : UInt(lower)
    return id.flatMap { $0 > 0 && $0 <= UInt(UInt32.max) ? $0 : nil }
  }
}
