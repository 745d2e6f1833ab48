/// A user whose password polkit would take for a request.
package struct PolkitUser: Hashable, Sendable {
  /// The user's id.
  package let id: UInt32
  /// The login name, as the window says whose password it wants.
  package let name: String

  package init(id: UInt32, name: String) {
    self.id = id
    self.name = name
  }
}
