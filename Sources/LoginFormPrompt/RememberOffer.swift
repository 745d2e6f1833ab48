/// An offer to keep the secret in the user's password manager (the Secret
/// Service: GNOME Keyring, KeePassXC): "Save in password manager" in every
/// mode, for a passphrase as for git. A window shows it as a check box under
/// the fields, a terminal as a yes/no question after them; either way it
/// starts off, and only the user turns it on. What they chose comes back in
/// `SubmittedForm.remembers`; the front end does the saving.
package struct RememberOffer: Hashable, Sendable {
  /// The choice's label, `_` before its mnemonic.
  package var label: String
  /// Where the secret would go and how to remove it again, for a tooltip.
  package var tooltip: String?

  /// An offer labelled `label`.
  package init(label: String, tooltip: String? = nil) {
    self.label = label
    self.tooltip = tooltip
  }
}
