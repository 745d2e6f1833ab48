/// The program that most probably started an askpass prompt, guessed from
/// its prompt text, so that the window can be titled after it.
package enum AskpassClient: Hashable, Sendable {
  /// ssh, ssh-add or ssh-agent (`SSH_ASKPASS`).
  case ssh
  /// `sudo -A` (`SUDO_ASKPASS`).
  case sudo
  /// git's `GIT_ASKPASS` or `core.askPass`.
  case git
  /// Any other caller, or one whose prompt was customised.
  case unknown
}
