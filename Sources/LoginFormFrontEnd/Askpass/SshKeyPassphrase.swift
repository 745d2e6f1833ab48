import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// An ssh key's passphrase in the password manager: gnome-keyring's item
/// (its ssh agent's "Automatically unlock this key whenever I'm logged
/// in"), so a key unlocked through gnome-keyring before is found, and when
/// askpass may answer from it.
package struct SshKeyPassphrase {
  /// gnome-keyring's schema for these items.
  package static let schema = "org.freedesktop.Secret.Generic"

  /// What ssh asks.
  package let prompt: SshKeyPrompt
  /// The private key file, absolute.
  package let keyFile: String
  /// The key's comment (from its `.pub` file), to label the item; the path
  /// when there is none.
  package let comment: String?
  /// Which process asks (its id and start time): a second call from it for
  /// the same key means the passphrase just given did not work.
  package let caller: String

  /// The key whose passphrase `request` asks for, when the password manager
  /// may answer it: ssh's passphrase prompts naming a key file.
  package static func keyPrompt(of request: AskpassRequest) -> SshKeyPrompt? {
    guard request.question == .entry(.passphrase) else { return nil }
    return SshKeyPrompt(prompt: request.prompt)
  }

  package init(prompt: SshKeyPrompt, keyFile: String, comment: String?, caller: String) {
    self.prompt = prompt
    self.keyFile = keyFile
    self.comment = comment
    self.caller = caller
  }

  /// gnome-keyring's lookup: by the key file alone, in any schema.
  package var search: KeyringSearch {
    KeyringSearch(
      schema: Self.schema, matchesSchema: false, attributes: ["unique": "ssh-store:\(keyFile)"])
  }

  /// The item gnome-keyring saves for the key.
  package var item: KeyringItem {
    var search = search
    search.matchesSchema = true
    let name = comment.flatMap { $0.isEmpty ? nil : $0 } ?? keyFile
    // TRANSLATORS: the label of a password manager item; %s is an ssh key file. gnome-keyring uses the same words for its own items.
    return KeyringItem(search: search, label: formatted(localized("Unlock password for: %s"), name))
  }

  /// The note an answer from the password manager leaves for the next call.
  var traceName: String { "ssh\u{0}\(caller)\u{0}\(keyFile)" }

  /// The passphrase from the password manager, with no window; nil to ask.
  /// Not for ssh-add's retry ("Bad passphrase"), nor when the same ssh asks
  /// for the same key again right after it was answered from there (ssh's
  /// own retry, which says nothing): that passphrase failed, so its item
  /// goes, as gpg-agent has pinentry clear one.
  package func answerFromKeyring(_ keyring: Keyring, notes: some ProcessNotes) -> Answer? {
    if notes.take(traceName) != nil {
      keyring.clear(search)
      return nil
    }
    guard !prompt.isRetry, let match = keyring.lookup(search) else { return nil }
    let fits = match.secret.withUTF8 { !$0.isEmpty && $0.count <= AskpassRequest.readLimit }
    let answer = Answer.secretLine(match.secret)
    guard fits, answer.failure == nil else { return nil }
    notes.put(traceName, "answered")
    return answer
  }

  /// The window's check box, when the password manager can take the
  /// passphrase.
  package static func offer(_ keyring: Keyring) -> RememberOffer? {
    keyring.offersSaving ? .savePassphrase() : nil
  }

  /// Saves the passphrase the user chose to save once the window ended.
  package func finish(_ result: PromptResult, keyring: Keyring) {
    guard case .submitted(let form) = result, form.remembers, let passphrase = form.password
    else { return }
    passphrase.withUTF8 { _ = keyring.save(item, secret: $0) }
  }
}
