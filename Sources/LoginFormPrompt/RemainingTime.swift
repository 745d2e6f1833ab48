/// How a prompt with a timeout says the time it has left: the window under
/// its title, the terminal on the line being typed. Only the last
/// `shownFrom` seconds are said: a countdown from the start hurries a user
/// who has time, and one that ends the prompt must be noticed when it
/// matters.
package enum RemainingTime {
  /// The seconds left from which the countdown is said.
  package static let shownFrom = 20

  /// "Cancels in 15 s" (ending the prompt cancels it) in the last
  /// `shownFrom` seconds; nil before.
  package static func text(remaining: Int) -> String? {
    guard remaining <= shownFrom else { return nil }
    // TRANSLATORS: the seconds left before the prompt cancels itself, as
    // short as the header bar's subtitle needs ("Cancels in 15 s").
    return formatted(localized("Cancels in %d s"), remaining)
  }
}
