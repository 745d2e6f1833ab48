import CSecret
import LoginFormFrontEnd

/// A search as libsecret takes it: a schema made for it (each attribute
/// declared, as libsecret checks) and a table of the attributes. Both are
/// released with the query.
final class SecretQuery {
  let schema: UnsafeMutablePointer<SecretSchema>
  let attributes: OpaquePointer

  init(_ search: KeyringSearch) {
    let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
    attributes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)
    for (name, value) in search.attributes {
      let type =
        search.integerAttributes.contains(name)
        ? SECRET_SCHEMA_ATTRIBUTE_INTEGER : SECRET_SCHEMA_ATTRIBUTE_STRING
      g_hash_table_insert(types, g_strdup(name), gpointer(bitPattern: Int(type.rawValue)))
      g_hash_table_insert(attributes, g_strdup(name), g_strdup(value))
    }
    let flags = search.matchesSchema ? SECRET_SCHEMA_NONE : SECRET_SCHEMA_DONT_MATCH_NAME
    schema = secret_schema_newv(search.schema, flags, types)
    g_hash_table_unref(types)
  }

  deinit {
    secret_schema_unref(schema)
    g_hash_table_unref(attributes)
  }

  /// A string-to-string `GHashTable` as a dictionary.
  static func dictionary(_ table: OpaquePointer?) -> [String: String] {
    var result: [String: String] = [:]
    var iterator = GHashTableIter()
    var key: gpointer?
    var value: gpointer?
    g_hash_table_iter_init(&iterator, table)
    while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
      guard let key, let value else { continue }
      result[String(cString: key.assumingMemoryBound(to: CChar.self))] = String(
        cString: value.assumingMemoryBound(to: CChar.self))
    }
    return result
  }
}
