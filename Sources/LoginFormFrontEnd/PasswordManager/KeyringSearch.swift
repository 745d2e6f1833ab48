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
  /// When not empty, only items of these kinds match: any other item is
  /// another program's, whatever its attributes, and is neither changed
  /// nor removed (nor replaced by a save) through this search.
  package var kinds: [KeyringItemKind] = []

  /// A search for items of `schema` (any schema unless `matchesSchema`)
  /// with `attributes`, of `kinds` only when it names some.
  package init(
    schema: String, matchesSchema: Bool, attributes: [String: String],
    integerAttributes: Set<String> = [], wantsAttributes: Bool = false,
    kinds: [KeyringItemKind] = []
  ) {
    self.schema = schema
    self.matchesSchema = matchesSchema
    self.attributes = attributes
    self.integerAttributes = integerAttributes
    self.wantsAttributes = wantsAttributes
    self.kinds = kinds
  }

  /// Whether an item of `schema` labelled `label` may match (its
  /// attributes aside).
  package func admits(schema: String, label: String) -> Bool {
    kinds.isEmpty || kinds.contains { $0.includes(schema: schema, label: label) }
  }
}

/// An item to save: stored under `search.schema` with `search.attributes`
/// in the default collection, replacing any with the same attributes;
/// when the search names `kinds`, it replaces nothing (the caller removes
/// its own items first), so another program's item is never replaced.
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
