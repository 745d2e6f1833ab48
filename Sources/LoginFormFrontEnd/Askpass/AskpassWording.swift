import LoginFormPrompt
import LoginFormProtocols

/// What an askpass window says around its one field: the title that names
/// the job and its target, stable enough for a password manager's auto-type
/// rule to match ("Unlock SSH Key", "Authentication for sudo", "Sign In to
/// example.com"), the prompt without its terminal decorations ("[sudo]
/// password for bob: " → "Password for bob"), an error that belongs on the
/// field (ssh's "Bad passphrase, try again"), and the verb on the button.
/// Prompts of an unknown shape are shown as written.
struct AskpassWording: Equatable {
  var title: String
  var text: String?
  var error: String?
  var okLabel: String

  init(prompt: String, field: AskpassField, client: AskpassClient) {
    title = localized("Authentication")
    text = prompt.isEmpty ? nil : prompt
    okLabel = localized("_OK")
    switch client {
    case .ssh: ssh(prompt)
    case .sudo: sudo(prompt)
    case .git: git(prompt, field: field)
    case .unknown: break
    }
  }

  /// "Enter passphrase for KEY: " (also "… (will confirm each use): " and
  /// "Bad passphrase, try again for KEY: "), "user@host's password: ";
  /// other ssh prompts keep their words without the closing ": ".
  private mutating func ssh(_ prompt: String) {
    title = "OpenSSH"
    let bare = Self.withoutClosingColon(prompt)
    text = bare
    var key: Substring?
    for opening in ["Enter passphrase for ", "Bad passphrase, try again for "]
    where bare.hasPrefix(opening) {
      key = bare.dropFirst(opening.count)
      if opening.hasPrefix("Bad") { error = localized("Wrong passphrase, try again") }
    }
    if var key {
      let confirms = key.hasSuffix(" (will confirm each use)")
      if confirms { key = key.dropLast(" (will confirm each use)".count) }
      // ssh before 8.x quoted it: "Enter passphrase for key '/path': ".
      if key.hasPrefix("key '"), key.hasSuffix("'") { key = key.dropFirst(5).dropLast() }
      title = localized("Unlock SSH Key")
      // TRANSLATORS: %s is the path of an ssh key file.
      text = formatted(localized("Passphrase for %s"), key)
      if confirms { text! += "\n" + localized("Each use of the key will ask you to confirm it.") }
      okLabel = localized("_Unlock")
    } else if bare.hasSuffix("'s password"), let at = bare.lastIndex(of: "@") {
      let account = bare.dropLast("'s password".count)
      // TRANSLATORS: a window title; %s is a host name (github.com).
      title = formatted(localized("Sign In to %s"), account[account.index(after: at)...])
      // TRANSLATORS: %s is an account or a URL, as the asking program gave it.
      text = formatted(localized("Password for %s"), account)
      okLabel = localized("_Sign In")
    }
  }

  /// "[sudo] password for bob: " in any language: the tag and the colon
  /// go, the rest is sudo's own translation.
  private mutating func sudo(_ prompt: String) {
    title = localized("Authentication for sudo")
    let bare = Self.withoutClosingColon(String(prompt.dropFirst("[sudo] ".count)))
    text = bare.prefix(1).uppercased() + bare.dropFirst()
    okLabel = localized("_Authenticate")
  }

  /// "Username for 'URL': " and "Password for 'URL': ".
  private mutating func git(_ prompt: String, field: AskpassField) {
    let bare = Self.withoutClosingColon(prompt)
    guard let open = bare.firstIndex(of: "'"), bare.hasSuffix("'"),
      open < bare.index(before: bare.endIndex)
    else { return }
    let url = bare[bare.index(after: open)..<bare.index(before: bare.endIndex)]
    // TRANSLATORS: a window title; %s is a host name (github.com).
    title = formatted(localized("Sign In to %s"), Self.host(of: url))
    text =
      field == .username
      // TRANSLATORS: %s is an account or a URL, as the asking program gave it.
      ? formatted(localized("Username for %s"), url) : formatted(localized("Password for %s"), url)
    okLabel = field == .username ? localized("_Next") : localized("_Sign In")
  }

  /// `host[:port]` of `scheme://[user@]host[:port]/path`.
  static func host(of url: Substring) -> Substring {
    var rest = url
    if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
    rest = rest.prefix { $0 != "/" }
    if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    return rest
  }

  /// The prompt without the ": " a terminal prompt ends with.
  static func withoutClosingColon(_ prompt: String) -> String {
    var text = Substring(prompt)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    if text.last == ":" { text.removeLast() }
    return String(text)
  }
}
