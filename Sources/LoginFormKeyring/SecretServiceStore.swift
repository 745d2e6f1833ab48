import CSecret
import Glibc
import LoginFormFrontEnd
import LoginFormLockedMemory
import LoginFormModel

/// The password manager through libsecret: the Secret Service on the
/// session bus (GNOME Keyring, KeePassXC, …), used only when the bus says a
/// process of this user owns its name. Every call is bounded by
/// `KeyringCall.seconds`.
///
/// Secrets cross only in non-pageable memory: libsecret decrypts what it
/// reads into its own locked pool (a `SecretValue`, read in place), and
/// copies what is saved from the caller's locked memory into that pool.
package final class SecretServiceStore: PasswordStore {
  private var availability: KeyringAvailability?
  private var service: UnsafeMutablePointer<SecretService>?
  private var savable: Bool?

  package init() {}

  deinit {
    if let service { g_object_unref(service) }
  }

  package func open() -> KeyringAvailability {
    if let availability { return availability }
    let found = connect()
    availability = found
    return found
  }

  private func connect() -> KeyringAvailability {
    // No bus, or no usable address ("disabled:" when there is none): no
    // password manager, which is nothing to complain about.
    let bus = KeyringCall.run { cancellable, callback, data in
      g_bus_get(G_BUS_TYPE_SESSION, cancellable, callback, data)
    } finish: { result -> Result<OpaquePointer, KeyringFailure> in
      var error: UnsafeMutablePointer<GError>?
      guard let connection = g_bus_get_finish(result, &error) else {
        return .failure(KeyringCall.failure(error))
      }
      return .success(connection)
    }
    let connection: OpaquePointer
    switch bus {
    case .success(let opened): connection = opened
    case .failure(.noAnswer(let seconds)): return .refused(.noAnswer(seconds: seconds))
    case .failure: return .absent
    }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    switch SecretServiceOwner.userID(on: connection) {
    case .success(nil): return .absent
    case .success(let owner?) where owner != Int(geteuid()):
      return .refused(.foreignOwner(userID: owner))
    case .success: break
    case .failure(let failure): return .refused(failure)
    }
    // Before libsecret decrypts anything into a pool that could not lock.
    guard LockedMemoryBudget.allowsPasswordManager else {
      return .refused(
        .tooLittleLockedMemory(
          limit: Int(clamping: LockedMemoryBudget.limit ?? 0),
          needed: LockedMemoryBudget.neededBytes))
    }
    let opened = KeyringCall.run { cancellable, callback, data in
      secret_service_get(SECRET_SERVICE_OPEN_SESSION, cancellable, callback, data)
    } finish: { result -> Result<UnsafeMutablePointer<SecretService>, KeyringFailure> in
      var error: UnsafeMutablePointer<GError>?
      guard let service = secret_service_get_finish(result, &error) else {
        return .failure(KeyringCall.failure(error))
      }
      return .success(service)
    }
    switch opened {
    case .success(let opened):
      guard Self.isEncrypted(algorithms: secret_service_get_session_algorithms(opened)) else {
        g_object_unref(opened)
        return .refused(.plainSession)
      }
      service = opened
      return .available
    case .failure(let failure): return .refused(failure)
    }
  }

  /// Whether a session with `algorithms` (libsecret's name for them; nil
  /// when it opened none) encrypts: libsecret falls back to `plain` when
  /// the service offers nothing else, and a plain session leaves each
  /// secret in GDBus's message buffers, in ordinary memory.
  static func isEncrypted(algorithms: UnsafePointer<gchar>?) -> Bool {
    guard let algorithms else { return false }
    return String(cString: algorithms) != "plain"
  }

  package func canSave() -> Bool {
    if let savable { return savable }
    guard let service else { return false }
    let found = KeyringCall.run { cancellable, callback, data in
      secret_collection_for_alias(
        service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, cancellable, callback, data)
    } finish: { result -> Result<Bool, KeyringFailure> in
      var error: UnsafeMutablePointer<GError>?
      guard let collection = secret_collection_for_alias_finish(result, &error) else {
        if let error { g_error_free(error) }
        return .success(false)
      }
      defer { g_object_unref(collection) }
      return .success(secret_collection_get_locked(collection) == 0)
    }
    let answer = (try? found.get()) ?? false
    savable = answer
    return answer
  }

  package func lookup(_ search: KeyringSearch) -> Result<KeyringMatch?, KeyringFailure> {
    guard let service else { return .success(nil) }
    if !search.kinds.isEmpty { return SecretServiceItems.lookup(search, in: service) }
    let query = SecretQuery(search)
    guard search.wantsAttributes else { return lookupSecret(query, in: service) }
    return KeyringCall.run { cancellable, callback, data in
      secret_service_search(
        service, query.schema, query.attributes, SECRET_SEARCH_LOAD_SECRETS, cancellable,
        callback, data)
    } finish: { result in
      var error: UnsafeMutablePointer<GError>?
      let items = secret_service_search_finish(service, result, &error)
      if let error { return .failure(KeyringCall.failure(error)) }
      defer { g_list_free_full(items, g_object_unref) }
      // Unlocked items come first; a locked one has no secret loaded and
      // is not used.
      var node = items
      while let current = node {
        defer { node = current.pointee.next }
        let item = current.pointee.data.assumingMemoryBound(to: SecretItem.self)
        guard secret_item_get_locked(item) == 0, let value = secret_item_get_secret(item) else {
          continue
        }
        let table = secret_item_get_attributes(item)
        defer { g_hash_table_unref(table) }
        let attributes = SecretQuery.dictionary(table)
        return SecretValueText.checked(value).map {
          KeyringMatch(attributes: attributes, secret: $0)
        }
      }
      return .success(nil)
    }
  }

  /// The secret of the first unlocked item `query` matches, as
  /// `secret_password_lookup` finds it (the search, then that item's
  /// secret), except that a locked item is not unlocked.
  private func lookupSecret(
    _ query: SecretQuery, in service: UnsafeMutablePointer<SecretService>
  ) -> Result<KeyringMatch?, KeyringFailure> {
    let found = KeyringCall.run { cancellable, callback, data in
      secret_service_search_for_dbus_paths(
        service, query.schema, query.attributes, cancellable, callback, data)
    } finish: { result -> Result<String?, KeyringFailure> in
      var error: UnsafeMutablePointer<GError>?
      var unlocked: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
      var locked: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
      guard
        secret_service_search_for_dbus_paths_finish(service, result, &unlocked, &locked, &error)
          != 0
      else { return .failure(KeyringCall.failure(error)) }
      defer {
        g_strfreev(unlocked)
        g_strfreev(locked)
      }
      return .success(unlocked?.pointee.map { String(cString: $0) })
    }
    guard case .success(let path) = found else {
      return found.map { _ in nil }
    }
    guard let path else { return .success(nil) }
    return KeyringCall.run { cancellable, callback, data in
      secret_service_get_secret_for_dbus_path(service, path, cancellable, callback, data)
    } finish: { result in
      var error: UnsafeMutablePointer<GError>?
      guard let value = secret_service_get_secret_for_dbus_path_finish(service, result, &error)
      else {
        // An item deleted meanwhile has no secret and no error.
        return error == nil ? .success(nil) : .failure(KeyringCall.failure(error))
      }
      return SecretValueText.checked(value).map { KeyringMatch(attributes: [:], secret: $0) }
    }
  }

  package func save(_ item: KeyringItem, secret: UnsafeBufferPointer<UInt8>) -> KeyringFailure? {
    guard let service else { return .failed("no Secret Service") }
    // Copied from the caller's locked memory into libsecret's.
    let value = secret.withMemoryRebound(to: CChar.self) {
      secret_value_new($0.baseAddress, gssize($0.count), "text/plain")!
    }
    defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
    if !item.search.kinds.isEmpty {
      return SecretServiceItems.create(item, value: value, in: service)
    }
    let query = SecretQuery(item.search)
    let saved = KeyringCall.run { cancellable, callback, data in
      secret_password_storev_binary(
        query.schema, query.attributes, SECRET_COLLECTION_DEFAULT, item.label, value,
        cancellable, callback, data)
    } finish: { result -> Result<Void, KeyringFailure> in
      var error: UnsafeMutablePointer<GError>?
      guard secret_password_store_finish(result, &error) != 0 else {
        return .failure(KeyringCall.failure(error))
      }
      return .success(())
    }
    if case .failure(let failure) = saved { return failure }
    return nil
  }

  package func clear(_ search: KeyringSearch) -> Result<Bool, KeyringFailure> {
    guard let service else { return .success(false) }
    if !search.kinds.isEmpty { return SecretServiceItems.clear(search, in: service) }
    let query = SecretQuery(search)
    return KeyringCall.run { cancellable, callback, data in
      secret_password_clearv(query.schema, query.attributes, cancellable, callback, data)
    } finish: { result in
      var error: UnsafeMutablePointer<GError>?
      let removed = secret_password_clear_finish(result, &error) != 0
      if let error { return .failure(KeyringCall.failure(error)) }
      return .success(removed)
    }
  }

  package func secretBuffer(capacity: Int) -> (any SecretBuffer)? {
    LockedBytes(capacity: capacity)
  }
}

extension LockedBytes: SecretBuffer {}
