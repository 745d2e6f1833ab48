import CSecret
import LoginFormFrontEnd

/// Lookups, removals and saves for a search restricted to some kinds of
/// item (git's): libsecret's password calls match, remove and replace by
/// attributes alone, which would reach another program's item that has the
/// same attributes. These read each item's schema and label first, and a
/// save creates an item without replacing any.
enum SecretServiceItems {
  /// The first unlocked item of the search's kinds, its secret loaded.
  static func lookup(_ search: KeyringSearch, in service: UnsafeMutablePointer<SecretService>)
    -> Result<KeyringMatch?, KeyringFailure>
  {
    items(search, in: service).flatMap { found in
      defer { release(found) }
      guard let item = found.first(where: { secret_item_get_locked($0) == 0 }) else {
        return .success(nil)
      }
      return KeyringCall.run { cancellable, callback, data in
        secret_item_load_secret(item, cancellable, callback, data)
      } finish: { result in
        var error: UnsafeMutablePointer<GError>?
        guard secret_item_load_secret_finish(item, result, &error) != 0 else {
          return .failure(KeyringCall.failure(error))
        }
        guard let value = secret_item_get_secret(item) else { return .success(nil) }
        var attributes: [String: String] = [:]
        if search.wantsAttributes {
          let table = secret_item_get_attributes(item)
          defer { g_hash_table_unref(table) }
          attributes = SecretQuery.dictionary(table)
        }
        return SecretValueText.checked(value).map {
          KeyringMatch(attributes: attributes, secret: $0)
        }
      }
    }
  }

  /// Deletes every item of the search's kinds; whether there was one.
  static func clear(_ search: KeyringSearch, in service: UnsafeMutablePointer<SecretService>)
    -> Result<Bool, KeyringFailure>
  {
    items(search, in: service).flatMap { found in
      defer { release(found) }
      for item in found {
        let deleted = KeyringCall.run { cancellable, callback, data in
          secret_item_delete(item, cancellable, callback, data)
        } finish: { result -> Result<Void, KeyringFailure> in
          var error: UnsafeMutablePointer<GError>?
          guard secret_item_delete_finish(item, result, &error) != 0 else {
            return .failure(KeyringCall.failure(error))
          }
          return .success(())
        }
        if case .failure(let failure) = deleted { return .failure(failure) }
      }
      return .success(!found.isEmpty)
    }
  }

  /// Creates `item` with `value` in the default collection, replacing
  /// nothing.
  static func create(
    _ item: KeyringItem, value: OpaquePointer, in service: UnsafeMutablePointer<SecretService>
  ) -> KeyringFailure? {
    let collection = KeyringCall.run { cancellable, callback, data in
      secret_collection_for_alias(
        service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, cancellable, callback, data)
    } finish: { result -> Result<UnsafeMutablePointer<SecretCollection>, KeyringFailure> in
      var error: UnsafeMutablePointer<GError>?
      guard let collection = secret_collection_for_alias_finish(result, &error) else {
        return .failure(
          error == nil ? .failed("no default collection") : KeyringCall.failure(error))
      }
      return .success(collection)
    }
    guard case .success(let collection) = collection else {
      if case .failure(let failure) = collection { return failure }
      return nil
    }
    defer { g_object_unref(collection) }
    let query = SecretQuery(item.search)
    let created = KeyringCall.run { cancellable, callback, data in
      secret_item_create(
        collection, query.schema, query.attributes, item.label, value, SECRET_ITEM_CREATE_NONE,
        cancellable, callback, data)
    } finish: { result -> Result<Void, KeyringFailure> in
      var error: UnsafeMutablePointer<GError>?
      guard let created = secret_item_create_finish(result, &error) else {
        return .failure(KeyringCall.failure(error))
      }
      g_object_unref(created)
      return .success(())
    }
    if case .failure(let failure) = created { return failure }
    return nil
  }

  /// Every item the search's attributes match (locked ones too) that is of
  /// one of its kinds, each with a reference of its own.
  private static func items(
    _ search: KeyringSearch, in service: UnsafeMutablePointer<SecretService>
  ) -> Result<[UnsafeMutablePointer<SecretItem>], KeyringFailure> {
    let query = SecretQuery(search)
    return KeyringCall.run { cancellable, callback, data in
      secret_service_search(
        service, query.schema, query.attributes, SECRET_SEARCH_ALL, cancellable, callback, data)
    } finish: { result in
      var error: UnsafeMutablePointer<GError>?
      let list = secret_service_search_finish(service, result, &error)
      if let error { return .failure(KeyringCall.failure(error)) }
      defer { g_list_free_full(list, g_object_unref) }
      var found: [UnsafeMutablePointer<SecretItem>] = []
      var node = list
      while let current = node {
        defer { node = current.pointee.next }
        let item = current.pointee.data.assumingMemoryBound(to: SecretItem.self)
        let schema = taken(secret_item_get_schema_name(item))
        let label = taken(secret_item_get_label(item))
        if search.admits(schema: schema, label: label) {
          g_object_ref(item)
          found.append(item)
        }
      }
      return .success(found)
    }
  }

  private static func release(_ items: [UnsafeMutablePointer<SecretItem>]) {
    for item in items { g_object_unref(item) }
  }

  /// A string libsecret hands over, freed; "" for none.
  private static func taken(_ text: UnsafeMutablePointer<gchar>?) -> String {
    guard let text else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }
}
