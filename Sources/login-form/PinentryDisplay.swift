/// Whether a pinentry's requests can be shown in a window: decided once, at
/// start, since gpg-agent starts a pinentry per connection.
enum PinentryDisplay {
  /// The display is open.
  case open
  /// It could not be opened; the text says why.
  case unavailable(String)
  /// The client asked for the terminal (`PINENTRY_USER_DATA`).
  case notWanted

  /// Whether windows can be shown.
  var isOpen: Bool {
    if case .open = self { return true }
    return false
  }

  /// Why the display could not be opened, if it was tried and failed.
  var problem: String? {
    if case .unavailable(let text) = self { return text }
    return nil
  }
}
