import CSecret
import Glibc

/// The process that started this one, as an identity that a later process
/// with the same id cannot share: its id and its start time.
package enum CallerProcess {
  /// `pid:starttime` of the parent (the start time from `/proc`, in clock
  /// ticks since boot), or the id alone when `/proc` cannot tell.
  package static var parentIdentity: String {
    let parent = getppid()
    var contents: UnsafeMutablePointer<gchar>?
    guard g_file_get_contents("/proc/\(parent)/stat", &contents, nil, nil) != 0, let contents
    else { return "\(parent)" }
    defer { g_free(contents) }
    // The fields after the command name, which is in parentheses and may
    // hold anything; the start time is the 20th of them.
    let text = String(cString: contents)
    guard let close = text.lastIndex(of: ")") else { return "\(parent)" }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 19 else { return "\(parent)" }
    return "\(parent):\(fields[19])"
  }
}
