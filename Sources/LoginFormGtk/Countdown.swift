import CGtk

/// The time left before a prompt gives up, shown as the header bar's
/// subtitle and updated every second. Releasing it stops it.
@MainActor final class Countdown {
  private var remaining: Int
  private let frame: PromptFrame
  private var source: guint = 0

  /// Starts counting down `seconds`; calls `expire` when they are up.
  init(seconds: Int, subtitleOf frame: PromptFrame, expire: @escaping @MainActor () -> Void) {
    remaining = seconds
    self.frame = frame
    show()
    source = MainLoopSource.repeating(milliseconds: 1000) { [weak self] in
      guard let self else { return false }
      remaining -= 1
      if remaining <= 0 {
        expire()
        return false
      }
      show()
      return true
    }
  }

  private func show() {
    if remaining < 60 {
      frame.subtitle = formatted(
        localizedPlural("Closes in %d second", "Closes in %d seconds", remaining), remaining)
    } else {
      let seconds = remaining % 60
      frame.subtitle = formatted(
        localized("Closes in %s"), "\(remaining / 60):\(seconds < 10 ? "0" : "")\(seconds)")
    }
  }

  isolated deinit {
    MainLoopSource.remove(source)
    frame.subtitle = nil
  }
}
