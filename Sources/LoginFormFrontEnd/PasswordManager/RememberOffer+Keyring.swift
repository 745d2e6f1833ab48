import LoginFormPrompt

extension RememberOffer {
  /// "Save in password manager" for a passphrase (pinentry-gtk-2's words),
  /// or the label the agent sends in its client's language.
  static func savePassphrase(label: String? = nil) -> RememberOffer {
    RememberOffer(
      label: label ?? localized("Save in password _manager"),
      tooltip: localized("Keep the passphrase in your login keyring, so you are not asked again"))
  }
}
