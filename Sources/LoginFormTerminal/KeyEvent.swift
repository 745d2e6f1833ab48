/// What a byte typed on the terminal does, once decoded.
package enum KeyEvent: Equatable, Sendable {
  /// A character was completed and is now in the field.
  case typed
  /// Part of a character, or of the escape sequence of a key: more follows.
  case partial
  /// A lone Esc so far: it cancels, unless the rest of a key's escape
  /// sequence follows at once (`KeyDecoder.escapeTimedOut()`).
  case escapePending
  /// Enter (CR or LF).
  case enter
  /// Backspace (DEL or BS): the last character goes.
  case erase
  /// Ctrl+W: the last word goes.
  case eraseWord
  /// Ctrl+U: the whole field goes.
  case eraseLine
  /// Ctrl+C, Ctrl+D, or Esc: the prompt is cancelled.
  case cancel
  /// Ctrl+Z: the job stops, as the terminal would stop it.
  case suspend
  /// Tab: a form's Suggest, where it has one (a generated passphrase).
  case tab
  /// A key that means nothing here (a control, an arrow, Alt with a key, a
  /// field full or a byte that is no character): the bell rings.
  case refused
}
