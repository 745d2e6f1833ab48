import CGLib
import LoginFormPrompt

/// The time left before a prompt gives up, said through `show` (a window's
/// header bar, the terminal's prompt line) in its last seconds (see
/// `RemainingTime`) and updated every second; both presenters count with
/// it.
@MainActor package final class Countdown {
  private var remaining: Int
  private let show: @MainActor (String?) -> Void
  private var source: guint = 0

  /// Starts counting down `seconds`, saying the time left through `show`;
  /// calls `expire` when they are up.
  package init(
    seconds: Int, show: @escaping @MainActor (String?) -> Void,
    expire: @escaping @MainActor () -> Void
  ) {
    remaining = seconds
    self.show = show
    show(Self.text(remaining: remaining))
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
      self.show(Self.text(remaining: remaining))
      return true
    }
  }

  /// "Cancels in 5 s" in the last seconds, nil before.
  package static func text(remaining: Int) -> String? {
    RemainingTime.text(remaining: remaining)
  }

  /// Stops counting and clears what it said; the prompt stays.
  package func stop() {
    MainLoopSource.remove(source)
    source = 0
    show(nil)
  }

  // Only the source: by the time a countdown is released its window may be
  // gone.
  isolated deinit {
    MainLoopSource.remove(source)
  }
}
