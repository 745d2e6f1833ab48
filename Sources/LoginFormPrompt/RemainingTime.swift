/// How a prompt with a timeout says the time it has left: the window under
/// its title, the terminal on the line being typed.
package enum RemainingTime {
  /// "Closes in 5 seconds", or "Closes in 1:05" from a minute on.
  package static func text(remaining: Int) -> String {
    if remaining < 60 {
      return formatted(
        localizedPlural("Closes in %d second", "Closes in %d seconds", remaining), remaining)
    }
    let seconds = remaining % 60
    return formatted(
      localized("Closes in %s"), "\(remaining / 60):\(seconds < 10 ? "0" : "")\(seconds)")
  }
}
