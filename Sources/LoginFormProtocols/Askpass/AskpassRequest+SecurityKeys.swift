import LoginFormModel

/// ssh's prompts about security keys, tokens and one-time codes, read from
/// their exact words in OpenSSH 9.2p1. Each shape is quoted where it is
/// matched; anything else falls through to the generic classification.
extension AskpassRequest {
  /// "Confirm user presence for key <TYPE> <fingerprint>" (ssh-agent.c,
  /// sshconnect2.c, ssh-keygen.c), optionally followed by a line saying
  /// what the signature is for (ssh-agent.c's `sig_dest`).
  static func presence(in prompt: String) -> (device: AskpassDevice, purpose: String?)? {
    let lines = prompt.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    guard let first = lines.first, first.hasPrefix(presencePrefix) else { return nil }
    let words = first.dropFirst(presencePrefix.count).split(separator: " ", maxSplits: 1)
    let purpose = lines.count > 1 ? String(lines[1]).trimmingWhitespace : ""
    return (
      .securityKey(
        type: words.first.map(String.init), key: words.dropFirst().first.map(String.init),
        needsTouch: true),
      purpose.isEmpty ? nil : String(purpose)
    )
  }

  static let presencePrefix = "Confirm user presence for key "

  /// The PIN and one-time-code prompts, as the field they ask for and the
  /// device they name; nil for any other prompt.
  static func securityPrompt(_ prompt: String) -> (AskpassField, AskpassDevice?)? {
    // ssh-add -s: the token's PIN, though ssh-add calls it a passphrase.
    if prompt == "Enter passphrase for PKCS#11: " { return (.pin, .token(label: nil)) }
    // ssh-pkcs11.c: "Enter PIN for '<token label>': ".
    if prompt.hasPrefix("Enter PIN for '"), prompt.hasSuffix("': ") {
      let label = prompt.dropFirst("Enter PIN for '".count).dropLast("': ".count)
      return (.pin, .token(label: String(label)))
    }
    // ssh-agent.c: "Enter PIN and confirm user presence for <TYPE> key <fp>: ".
    if let (type, key) = keyWords(prompt, after: "Enter PIN and confirm user presence for ") {
      return (.pin, .securityKey(type: type, key: key, needsTouch: true))
    }
    // ssh-add.c, ssh-keygen.c: "Enter PIN for authenticator: ".
    if prompt == "Enter PIN for authenticator: " {
      return (.pin, .securityKey(type: nil, key: nil, needsTouch: false))
    }
    // sshconnect2.c "Enter PIN for <TYPE> key <file>: ", ssh-keygen.c
    // "Enter PIN for <TYPE> key: " and "Enter PIN for CA key: ".
    if let (type, key) = keyWords(prompt, after: "Enter PIN for ") {
      return (.pin, .securityKey(type: type, key: key, needsTouch: false))
    }
    // keyboard-interactive (sshconnect2.c) puts "(user@host) " before the
    // server's prompt; PAM's authenticator modules say "Verification code:".
    if withoutKeyboardInteractivePrefix(prompt).hasPrefix("Verification code:") {
      return (.oneTimeCode, nil)
    }
    return nil
  }

  /// "<TYPE> key[ <name>]: " after `lead`, as (TYPE, name); nil unless the
  /// prompt has exactly that shape.
  private static func keyWords(_ prompt: String, after lead: String) -> (String, String?)? {
    guard prompt.hasPrefix(lead), prompt.hasSuffix(": ") else { return nil }
    let body = prompt.dropFirst(lead.count).dropLast(2)
    guard let space = body.firstIndex(of: " "), !body[..<space].isEmpty else { return nil }
    let type = body[..<space]
    let rest = body[body.index(after: space)...]
    guard !type.contains("'"), rest == "key" || rest.hasPrefix("key ") else { return nil }
    let name = rest.dropFirst("key".count).drop { $0 == " " }
    return (String(type), name.isEmpty ? nil : String(name))
  }

  /// The prompt without keyboard-interactive's "(user@host) " prefix.
  static func withoutKeyboardInteractivePrefix(_ prompt: String) -> Substring {
    guard prompt.hasPrefix("("), let close = prompt.firstIndex(of: ")"),
      prompt[..<close].contains("@"), prompt[close...].hasPrefix(") ")
    else { return prompt[...] }
    return prompt[prompt.index(close, offsetBy: 2)...]
  }
}
