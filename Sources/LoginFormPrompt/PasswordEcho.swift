/// What a form's password field shows of what is typed.
package enum PasswordEcho: Equatable, Sendable {
  /// A mask per character, shown in clear on request: the usual.
  case masked
  /// Shown in clear from the start, hidden on request (systemd's `Echo=1`).
  case shownAtFirst
  /// Nothing at all, not even how many characters (systemd's `Silent=1`):
  /// no masks, no count over AT-SPI, no way to show it.
  case silent
}
