import LoginFormPrompt
import LoginFormProtocols

/// What ssh's security-key and token prompts become: ssh's own words name
/// neither the device nor what to do with it ("confirm user presence" is
/// a touch; "passphrase for PKCS#11" is a token's PIN), and a PIN typed
/// where a passphrase was meant burns one of the device's few retries.
extension AskpassFrontEnd {
  /// The notice for "Confirm user presence for key …": headed with what to
  /// do, naming the key and, when ssh says so, what the touch is for.
  static func presenceNotice(for request: AskpassRequest, options: PromptOptions)
    -> NoticeDescription
  {
    var text: String
    if case .securityKey(let type?, let key?, _) = request.device {
      text = formatted(
        // TRANSLATORS: %1$s is the key type (ECDSA-SK, ED25519-SK), %2$s its fingerprint.
        localized("OpenSSH needs a signature from the %1$s key %2$s."), type, key)
    } else {
      text = localized("OpenSSH needs a signature from a key on your security key.")
    }
    text += " " + localized("Touching the security key confirms that you are there.")
    if let purpose = request.purpose {
      // TRANSLATORS: what ssh says the signature is for (a host, "ssh:" or a file).
      text += "\n" + formatted(localized("Requested for: %s"), purpose)
    }
    text += "\n\n" + localized("This notice closes by itself once the key has been touched.")
    return NoticeDescription(
      heading: localized("Touch your security key"), text: ClientText.displayable(text),
      close: localized("_Close"), options: options)
  }

  /// The text above a PIN field: which device the PIN is for, and whether
  /// a touch follows it.
  static func instructions(for device: AskpassDevice) -> String {
    switch device {
    case .securityKey(let type?, let key?, let needsTouch):
      needsTouch
        ? formatted(
          // TRANSLATORS: %1$s is the key type, %2$s its fingerprint.
          localized(
            "Enter the PIN of your security key for the %1$s key %2$s, then touch your security key."
          ),
          type, key)
        : formatted(
          // TRANSLATORS: %1$s is the key type, %2$s its fingerprint.
          localized("Enter the PIN of your security key for the %1$s key %2$s."), type, key)
    case .securityKey(_, _, let needsTouch):
      needsTouch
        ? localized("Enter the PIN of your security key, then touch your security key.")
        : localized("Enter the PIN of your security key.")
    case .token(let label?):
      // TRANSLATORS: %s is the PKCS#11 token's label, as the token names itself.
      formatted(localized("Enter the PIN of the token “%s”."), label)
    case .token(nil):
      localized("Enter the PIN of the PKCS#11 token (a smart card or a software token).")
    }
  }
}
