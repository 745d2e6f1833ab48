/// The systemd unit a process runs in, from its `/proc/PID/cgroup`: what a
/// system service is called ("systemd-cryptsetup@backup.service"), which
/// anyone may read, where its command line may be another user's to keep.
package enum SystemdUnit {
  /// The service of the unified hierarchy's line (`0::/…/NAME.service`),
  /// if the process runs in one.
  package static func service(fromCgroup text: String) -> String? {
    for line in text.split(separator: "\n") where line.hasPrefix("0::") {
      guard let last = line.split(separator: "/").last, last.hasSuffix(".service") else {
        return nil
      }
      return String(last)
    }
    return nil
  }
}
