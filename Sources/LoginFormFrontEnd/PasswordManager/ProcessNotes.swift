/// Notes one process leaves for a later one of the same user, with no
/// secret in them: git's choice from `get` for its `store`, which runs as
/// another process, and an askpass answer's trace for the next call of the
/// same ssh. Each is read once and expires after a few minutes. The real
/// one keeps files under `$XDG_RUNTIME_DIR`; the tests use a fake.
package protocol ProcessNotes: AnyObject {
  /// Whether notes can be left at all (a private runtime directory).
  var isAvailable: Bool { get }
  /// Leaves `value` under `name`, replacing what was there; false when it
  /// could not.
  @discardableResult
  func put(_ name: String, _ value: String) -> Bool
  /// The value under `name`, removed as it is read; nil when there is none
  /// or it expired.
  func take(_ name: String) -> String?
}
