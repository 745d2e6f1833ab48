/// Exit statuses, as documented in the README and the man page. 5 for a
/// timeout is zenity's, so scripts written for it keep working.
enum ExitStatus: Int32 {
  /// Done: the credentials were written.
  case submitted = 0
  /// Cancel, Esc, the window closed, or SIGINT, SIGTERM or SIGHUP.
  case cancelled = 1
  /// A bad option or value, or no display.
  case usage = 2
  /// Standard output could not be written; nothing was delivered.
  case notDelivered = 3
  /// The caller's timeout ran out.
  case timedOut = 5
}
