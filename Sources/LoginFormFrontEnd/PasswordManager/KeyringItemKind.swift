/// Which program's item an item is, as far as the Secret Service tells:
/// its schema, and how its label starts when the schema is shared with
/// other programs (libsecret's network schema, which git's older helper
/// writes, as do mail clients and browsers).
package struct KeyringItemKind: Hashable, Sendable {
  /// The schema, as the item's `xdg:schema` names it.
  package var schema: String
  /// How the label starts; empty for any label.
  package var labelPrefix: String

  package init(schema: String, labelPrefix: String = "") {
    self.schema = schema
    self.labelPrefix = labelPrefix
  }

  /// Whether an item of `schema` labelled `label` is of this kind.
  package func includes(schema: String, label: String) -> Bool {
    schema == self.schema && label.hasPrefix(labelPrefix)
  }
}
