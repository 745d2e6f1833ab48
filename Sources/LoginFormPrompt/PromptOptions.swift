/// What every prompt asks of its presenter, whatever it shows: its title,
/// how long it waits, whether it must hold the keyboard, and, for a window,
/// where it sits.
package struct PromptOptions {
  /// The title; nil for the prompt kind's default.
  package var title: String?
  /// Seconds after which the prompt gives up, unless the user has started
  /// typing; nil for never.
  package var timeoutSeconds: Int?
  /// Whether to hold the keyboard while the prompt is up (X11 only), so no
  /// other client can read or steal the keys.
  package var grabsKeyboard = false
  /// Which program asks, in a few words ("gpg (1234) ← git commit"), for a
  /// line of its own; nil when that is not known.
  package var requester: String?
  /// The line that says who asks ("Asked by gpg (1234) ← git commit"),
  /// if known.
  package var requesterLine: String? {
    // Isolated, so that right-to-left text in a command line cannot
    // reorder the words around it.
    requester.map { formatted(localized("Asked by %s"), ClientText.displayableLine($0)) }
  }
  /// Hints for a window; a presenter without windows ignores them.
  package var window = WindowHints()

  /// Options with every default.
  package init() {}
}
