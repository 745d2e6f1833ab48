/// Which items of the password manager a lookup or a removal means: the
/// Secret Service's schema name and attributes, laid out as the program
/// that made the item does, so that what one stores the other finds.
package struct KeyringSearch: Hashable, Sendable {
  /// The schema, which the Secret Service keeps in `xdg:schema`.
  package var schema: String
  /// Whether only items of `schema` match (pinentry's), or any item with
  /// the attributes (git's helper and gnome-keyring look up so, which finds
  /// the items of older schemas too).
  package var matchesSchema: Bool
  /// The attributes an item must have, with exactly these values.
  package var attributes: [String: String]
  /// Those of `attributes` the schema declares as integers (git's `port`):
  /// libsecret refuses other values for them, and keeps them as text.
  package var integerAttributes: Set<String> = []
  /// Whether a match must tell all its attributes (whose git password it
  /// is); reading them costs the Secret Service another round trip.
  package var wantsAttributes = false

  /// A search for items of `schema` (any schema unless `matchesSchema`)
  /// with `attributes`.
  package init(
    schema: String, matchesSchema: Bool, attributes: [String: String],
    integerAttributes: Set<String> = [], wantsAttributes: Bool = false
  ) {
    self.schema = schema
    self.matchesSchema = matchesSchema
    self.attributes = attributes
    self.integerAttributes = integerAttributes
    self.wantsAttributes = wantsAttributes
  }
}

/// An item to save: stored under `search.schema` with `search.attributes`
/// in the default collection, replacing any with the same attributes.
package struct KeyringItem: Hashable, Sendable {
  /// Its schema and attributes.
  package var search: KeyringSearch
  /// What a password manager's window lists it as.
  package var label: String

  package init(search: KeyringSearch, label: String) {
    self.search = search
    self.label = label
  }
}
