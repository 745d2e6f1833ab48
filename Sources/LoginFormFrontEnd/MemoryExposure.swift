/// Why another process of the same user could read this one's memory, so
/// that nothing secret may be asked: hardening runs before any library's
/// constructor, but a process that attached while the libraries were
/// being loaded (the kernel allows it until then, without Yama) can have
/// made the process dumpable again, or still be attached.
package enum MemoryExposure: Equatable, Sendable {
  /// The process is dumpable: its memory is open to the same user.
  case dumpable
  /// The process with this id traces this one.
  case traced(by: Int)

  /// What the process found: `dumpable` as the kernel says it, `tracer`
  /// as /proc says it (0 for none, nil when /proc cannot be read, which is
  /// not taken as a tracer: a process that cannot read our /proc is not
  /// one that could have attached). Nil when nothing is exposed.
  package init?(dumpable: Bool, tracer: Int?) {
    if let tracer, tracer > 0 {
      self = .traced(by: tracer)
    } else if dumpable {
      self = .dumpable
    } else {
      return nil
    }
  }
}
