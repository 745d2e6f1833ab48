/// How a pinentry window ended without its OK button.
package enum PinentryDismissal: Hashable, Sendable {
  /// The Cancel button or Escape.
  case cancelled
  /// The window manager's close button: gpg says "Operation fully
  /// cancelled" and asks no more.
  case closed
  /// The request's timeout passed with nothing typed.
  case timedOut
  /// A confirmation's not-OK button (`SETNOTOK`).
  case notConfirmed
  /// No locked memory could hold the PIN, so none was asked for.
  case noMemory
  /// No window could be shown and the terminal could not be used either;
  /// the payload is the system's error number (ENOTTY when the agent named
  /// no terminal), which the agent reports ("Inappropriate ioctl for
  /// device", as with pinentry's own terminal front end).
  case unusableTerminal(errorNumber: Int32)
}
