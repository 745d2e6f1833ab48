import CGtk

/// The time left before a prompt gives up, shown as the header bar's
/// subtitle and updated every second.
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
        // GLib removes the source when this returns false; forget its id
        // now, since GLib may give it to another source.
        source = 0
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

  /// Stops counting and clears the subtitle; the window stays.
  func stop() {
    MainLoopSource.remove(source)
    source = 0
    frame.subtitle = nil
  }

  // Only the source: by the time a countdown is released its window may be
  // gone.
  isolated deinit {
    MainLoopSource.remove(source)
  }
}
