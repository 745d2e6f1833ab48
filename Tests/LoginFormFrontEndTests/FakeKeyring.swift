import LoginFormFrontEnd
import LoginFormModel
import LoginFormTestSupport

/// A password manager in memory that records what it was asked, with the
/// Secret Service's matching rules: a search matches an item that has each
/// of its attributes with that value (and its schema, when it says so).
final class FakePasswordStore: PasswordStore {
  struct Item: Equatable {
    var schema: String
    var attributes: [String: String]
    var label: String
    var secret: String
    var isLocked = false
    /// What the service says the secret is; see `UnusableSecret`.
    var contentType = "text/plain"
  }

  var availability = KeyringAvailability.available
  var savable = true
  var items: [Item] = []
  /// What every call is answered with instead, when set.
  var failure: KeyringFailure?
  /// Each call, in order: "open", "canSave", "lookup", "save", "clear".
  private(set) var calls: [String] = []

  init(items: [Item] = []) {
    self.items = items
  }

  private func matches(_ item: Item, _ search: KeyringSearch) -> Bool {
    (!search.matchesSchema || item.schema == search.schema)
      && search.admits(schema: item.schema, label: item.label)
      && search.attributes.allSatisfy { item.attributes[$0.key] == $0.value }
  }

  func open() -> KeyringAvailability {
    calls.append("open")
    return availability
  }

  func canSave() -> Bool {
    calls.append("canSave")
    return savable
  }

  func lookup(_ search: KeyringSearch) -> Result<KeyringMatch?, KeyringFailure> {
    calls.append("lookup")
    if let failure { return .failure(failure) }
    guard let item = items.first(where: { !$0.isLocked && matches($0, search) }) else {
      return .success(nil)
    }
    let unusable = Array(item.secret.utf8).withUnsafeBufferPointer {
      UnusableSecret.of(contentType: item.contentType, bytes: $0)
    }
    if let unusable { return .failure(.unusableSecret(unusable)) }
    return .success(
      KeyringMatch(
        attributes: search.wantsAttributes ? item.attributes : [:], secret: TestSecret(item.secret)
      ))
  }

  func save(_ item: KeyringItem, secret: UnsafeBufferPointer<UInt8>) -> KeyringFailure? {
    calls.append("save")
    if let failure { return failure }
    var attributes = item.search.attributes
    attributes["xdg:schema"] = item.search.schema
    // As the Secret Service replaces; an item of restricted kinds replaces
    // nothing (SecretServiceItems.create).
    if item.search.kinds.isEmpty { items.removeAll { $0.attributes == attributes } }
    items.append(
      Item(
        schema: item.search.schema, attributes: attributes, label: item.label,
        secret: String(decoding: secret, as: UTF8.self)))
    return nil
  }

  func clear(_ search: KeyringSearch) -> Result<Bool, KeyringFailure> {
    calls.append("clear")
    if let failure { return .failure(failure) }
    let before = items.count
    items.removeAll { matches($0, search) }
    return .success(items.count < before)
  }

  func secretBuffer(capacity: Int) -> (any SecretBuffer)? {
    ArraySecretBuffer(capacity: capacity)
  }
}

extension FakePasswordStore.Item {
  /// gnome-keyring's item for the passphrase of the ssh key `keyFile`
  /// (commented `a@host`).
  static func sshKey(_ keyFile: String, secret: String) -> Self {
    Self(
      schema: "org.freedesktop.Secret.Generic",
      attributes: [
        "xdg:schema": "org.freedesktop.Secret.Generic", "unique": "ssh-store:\(keyFile)",
      ],
      label: "Unlock password for: a@host", secret: secret)
  }
}

/// Growable test memory standing in for a locked buffer.
final class ArraySecretBuffer: SecretBuffer {
  private var bytes: [UInt8] = []
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  func append(_ byte: UInt8) {
    precondition(bytes.count < capacity, "sized by a ByteCounter first")
    bytes.append(byte)
  }

  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try bytes.withUnsafeBufferPointer(body)
  }
}

/// Notes between processes, in memory; `isAvailable` false refuses them.
final class FakeNotes: ProcessNotes {
  var isAvailable = true
  var left: [String: String] = [:]

  func put(_ name: String, _ value: String) -> Bool {
    guard isAvailable else { return false }
    left[name] = value
    return true
  }

  func take(_ name: String) -> String? {
    left.removeValue(forKey: name)
  }
}

/// A keyring over `store` that keeps its warnings.
final class WarningLog {
  var lines: [String] = []

  func keyring(_ store: FakePasswordStore?) -> Keyring {
    Keyring(store: store) { [self] in lines.append($0) }
  }
}
