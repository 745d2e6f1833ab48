/// The compositor's permission for a window to take the keyboard, as the
/// program that started this one passed it on (xdg-activation's token, or
/// an X11 startup notification id): spent by the first window that maps.
package struct ActivationToken: Equatable, Sendable {
  /// The token, opaque.
  package let value: String
  /// The variable it came in: `XDG_ACTIVATION_TOKEN` or `DESKTOP_STARTUP_ID`.
  package let source: String

  package init(value: String, source: String) {
    self.value = value
    self.source = source
  }
}
