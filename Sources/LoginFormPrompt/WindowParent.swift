/// The window a prompt belongs to: another program's window, named in
/// xdg-desktop-portal's notation, and where the name came from, so that a
/// message about it can say which option or variable to fix.
package struct WindowParent: Equatable, Sendable {
  /// A window of one windowing system.
  package enum Window: Equatable, Sendable {
    /// An X window id.
    case x11(UInt)
    /// An xdg-foreign handle the parent's program exported.
    case wayland(String)
  }

  /// The window.
  package var window: Window
  /// The option or variable that named it: `--parent`, `parent-wid`,
  /// `PINENTRY_GEOM_HINT`.
  package var source: String

  package init(window: Window, source: String) {
    self.window = window
    self.source = source
  }

  /// `x11:WINDOW` (the id in hexadecimal, as the portal writes it, or in
  /// decimal) or `wayland:HANDLE`, the handle percent-encoded where it
  /// holds `%`, a space or anything else a command line mangles; nil for
  /// anything else.
  package init?(notation: String, source: String) {
    if notation.hasPrefix("x11:") {
      let id = String(notation.dropFirst(4))
      guard let window = Self.windowID(id.lowercased().hasPrefix("0x") ? id : "0x" + id)
      else { return nil }
      self.init(window: .x11(window), source: source)
    } else if notation.hasPrefix("wayland:") {
      guard let handle = Self.handle(percentEncoded: String(notation.dropFirst(8))) else {
        return nil
      }
      self.init(window: .wayland(handle), source: source)
    } else {
      return nil
    }
  }

  /// An X window id in decimal or as 0x-prefixed hexadecimal, as xdotool,
  /// xwininfo and pinentry's `parent-wid` give them; nil for anything else.
  package init?(windowID: String, source: String) {
    guard let id = Self.windowID(windowID) else { return nil }
    self.init(window: .x11(id), source: source)
  }

  /// The handle in `PINENTRY_GEOM_HINT`, as KDE's programs set it: its
  /// first space-separated word, percent-encoded; nil if there is none.
  package init?(geometryHint: String) {
    guard let first = geometryHint.split(separator: " ").first,
      let handle = Self.handle(percentEncoded: String(first))
    else { return nil }
    self.init(window: .wayland(handle), source: "PINENTRY_GEOM_HINT")
  }

  /// The window in the portal's notation, the handle percent-encoded so
  /// that it is one plain word in any message.
  package var notation: String {
    switch window {
    case .x11(let id): "x11:0x" + String(id, radix: 16)
    case .wayland(let handle): "wayland:" + Self.percentEncoded(handle)
    }
  }

  /// An X window id: 0x-prefixed hexadecimal or decimal, within 32 bits and
  /// not 0 (None).
  static func windowID(_ text: String) -> UInt? {
    let lower = text.lowercased()
    let id = lower.hasPrefix("0x") ? UInt(lower.dropFirst(2), radix: 16) : UInt(lower)
    return id.flatMap { $0 > 0 && $0 <= UInt(UInt32.max) ? $0 : nil }
  }

  /// The handle `text` encodes: `%XX` escapes decoded; nil when it is empty,
  /// an escape is broken, or a byte is not printable ASCII or a space
  /// (mutter's handles are 32 of those; the compositor takes a C string).
  static func handle(percentEncoded text: String) -> String? {
    var bytes: [UInt8] = []
    var rest = Substring(text).utf8[...]
    while let byte = rest.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard rest.count >= 2,
          let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(value)
        rest = rest.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    guard !bytes.isEmpty, bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `handle` with `%` and every byte a shell or a message would treat
  /// specially escaped.
  static func percentEncoded(_ handle: String) -> String {
    let plain = Set("-._~".utf8).union(UInt8(ascii: "0")...UInt8(ascii: "9"))
      .union(UInt8(ascii: "A")...UInt8(ascii: "Z")).union(UInt8(ascii: "a")...UInt8(ascii: "z"))
    return handle.utf8.map { byte in
      guard !plain.contains(byte) else { return String(UnicodeScalar(byte)) }
      return "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }.joined()
  }
}
