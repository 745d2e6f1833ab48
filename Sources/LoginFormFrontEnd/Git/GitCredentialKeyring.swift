import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// git passwords in the password manager, as git-credential-libsecret keeps
/// them (its attributes, label and secret), and the "Remember" choice that
/// `get`'s window hands to the later `store`.
package enum GitCredentialKeyring {
  /// The schema written: Debian 12's helper (git 2.39) writes libsecret's
  /// network schema and finds only items of it; current git's writes
  /// `org.git.Password` but finds items of any schema. Items of this one
  /// are found by both, and both are found here, by attributes alone.
  package static let schema = "org.gnome.keyring.NetworkPassword"
  /// The value of a "Remember" note.
  static let remember = "remember"
  /// The items git's helpers write, the only ones `get` reads and `store`
  /// and `erase` touch: current git's schema, and the network schema (which mail
  /// clients and browsers write too) only with the label both helpers give
  /// (`Git: https://host/path`). Any other item with git's attributes is
  /// another program's.
  static let kinds = [
    KeyringItemKind(schema: "org.git.Password"),
    KeyringItemKind(schema: schema, labelPrefix: "Git: "),
  ]

  /// git-credential-libsecret's attributes for `request`, `username`
  /// standing for git's: `user`, `protocol`, `server` and `port` (the host
  /// split at its last colon, the port as C's `atoi` and an unsigned short
  /// read it, 0 meaning none), and `object` for the path.
  static func attributes(for request: GitCredentialRequest, username: String?) -> [String: String] {
    var attributes: [String: String] = [:]
    if let username { attributes["user"] = username }
    if let scheme = request.scheme { attributes["protocol"] = scheme }
    let (server, port) = serverAndPort(request.host)
    if let server { attributes["server"] = server }
    if port != 0 { attributes["port"] = String(port) }
    if let path = request.path { attributes["object"] = path }
    return attributes
  }

  static func serverAndPort(_ host: String?) -> (server: String?, port: UInt16) {
    guard let host, let colon = host.lastIndex(of: ":") else { return (host, 0) }
    let digits = host[host.index(after: colon)...].utf8.prefix { (0x30...0x39).contains($0) }
    var value = 0
    for digit in digits { value = min(value * 10 + Int(digit - 0x30), Int(Int32.max)) }
    return (String(host[..<colon]), UInt16(truncatingIfNeeded: value))
  }

  /// The items for `request` (of `username`, when known).
  package static func search(for request: GitCredentialRequest, username: String?)
    -> KeyringSearch
  {
    KeyringSearch(
      schema: schema, matchesSchema: false,
      attributes: attributes(for: request, username: username), integerAttributes: ["port"])
  }

  /// git's own items for `request` (of `username`, when known): what
  /// `get` reads, and `store` and `erase` look at and remove.
  static func ownItems(for request: GitCredentialRequest, username: String?) -> KeyringSearch {
    var search = search(for: request, username: username)
    search.kinds = kinds
    return search
  }

  /// The item to save for `request` and `username`, labelled as
  /// git-credential-libsecret labels it (`Git: https://host/path`); it
  /// replaces no item (`store` removes git's own first).
  static func item(for request: GitCredentialRequest, username: String) -> KeyringItem {
    var search = ownItems(for: request, username: username)
    search.matchesSchema = true
    let (server, port) = serverAndPort(request.host)
    let address = (server ?? "") + (port != 0 ? ":\(port)" : "")
    let label = "Git: \(request.scheme ?? "")://\(address)/\(request.path ?? "")"
    return KeyringItem(search: search, label: label)
  }

  /// The name of the note from `get` to `store`: git's description of the
  /// credential, which both receive.
  static func choiceName(for request: GitCredentialRequest, username: String) -> String {
    ["git", request.scheme ?? "", request.host ?? "", request.path ?? "", username]
      .joined(separator: "\u{0}")
  }

  /// `get`: the stored credential, printed with no window, or nil to ask.
  /// Without a username from git, the item's tells whose it is. Only git's
  /// own items answer: another program's with the same attributes is one
  /// `erase` may not remove, so a wrong password there would fail every
  /// git run without a prompt.
  package static func answerFromKeyring(for request: GitCredentialRequest, keyring: Keyring)
    -> Answer?
  {
    let known = request.username.flatMap { $0.isEmpty ? nil : $0 }
    var search = ownItems(for: request, username: known)
    search.wantsAttributes = known == nil
    guard let match = keyring.lookup(search),
      let username = known ?? match.attributes["user"], !username.isEmpty
    else { return nil }
    return Answer.storedCredentials(username: Substring(username), secret: match.secret)
  }

  /// The "Save in password manager" check box for `get`'s window (the
  /// words of every other mode's box): only when the password manager can
  /// take the password and the choice can reach `store`.
  package static func offer(keyring: Keyring, notes: some ProcessNotes) -> RememberOffer? {
    guard notes.isAvailable, keyring.offersSaving else { return nil }
    return RememberOffer(
      label: localized("Save in password _manager"),
      tooltip: localized("Keep the password in your login keyring once git has used it"))
  }

  /// Hands the user's choice in `get`'s window to the `store` git runs
  /// next if the password works. A choice not to remember replaces an
  /// earlier one.
  package static func recordChoice(
    _ result: PromptResult, for request: GitCredentialRequest, notes: some ProcessNotes
  ) {
    guard case .submitted(let form) = result, let username = form.username else { return }
    let name = choiceName(for: request, username: String(username))
    _ = notes.take(name)
    if form.remembers { notes.put(name, remember) }
  }

  /// `store`, after the credential worked: saves it when the user chose
  /// to remember it in `get`'s window, or when git's own item for it
  /// exists and its secret changed; otherwise nothing. `input` holds git's
  /// lines.
  ///
  /// Without the choice nothing new is saved: git documents `store` as
  /// "store if you want", so ignoring it is always allowed. Updating git's
  /// own item is safe: the user (or git-credential-libsecret, which stores
  /// every credential) chose to keep this account's credential, only git's
  /// helpers' items count, and git runs `store` only once the credential
  /// worked; a refreshed OAuth token is kept so. Another program's item
  /// with the same attributes is never read, replaced or removed here.
  package static func store(
    _ request: GitCredentialRequest, input: UnsafeBufferPointer<UInt8>, keyring: Keyring,
    notes: some ProcessNotes
  ) {
    let lines = GitCredentialSecretLines(scanning: input)
    guard let username = request.username, !username.isEmpty, let password = lines.password,
      !password.isEmpty
    else { return }
    let chosen = notes.take(choiceName(for: request, username: username)) == remember
    let own = ownItems(for: request, username: username)
    let existing = keyring.lookup(own)
    guard chosen || existing != nil else { return }
    var counter = ByteCounter()
    GitStoredSecret.encode(lines, in: input, into: &counter)
    guard let secret = keyring.secretBuffer(capacity: counter.count) else { return }
    var sink = secret
    GitStoredSecret.encode(lines, in: input, into: &sink)
    secret.withUTF8 { composed in
      if let existing, existing.secret.withUTF8({ $0.elementsEqual(composed) }) { return }
      // The save replaces nothing: git's own items go first (a locked or
      // unreadable one too, which the lookup skipped).
      keyring.clear(own)
      keyring.save(item(for: request, username: username), secret: composed)
    }
  }

  /// `erase`, after the credential failed: deletes git's own item for it,
  /// unless the stored password is not the one that failed (as
  /// git-credential-libsecret does), and forgets a choice to remember it.
  /// Another program's item with the same attributes stays.
  package static func erase(
    _ request: GitCredentialRequest, input: UnsafeBufferPointer<UInt8>, keyring: Keyring,
    notes: some ProcessNotes
  ) {
    let username = request.username.flatMap { $0.isEmpty ? nil : $0 }
    if let username { _ = notes.take(choiceName(for: request, username: username)) }
    // git-credential-libsecret's guard: an empty description would match
    // every item.
    guard request.scheme != nil || request.host != nil || request.path != nil || username != nil
    else { return }
    let search = ownItems(for: request, username: username)
    if let failed = GitCredentialSecretLines(scanning: input).password,
      let existing = keyring.lookup(search)
    {
      let same = existing.secret.withUTF8 { stored in
        stored[GitStoredSecret.password(in: stored)].elementsEqual(input[failed])
      }
      if !same { return }
    }
    keyring.clear(search)
  }
}
