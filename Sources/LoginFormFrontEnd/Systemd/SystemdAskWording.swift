import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// The words of a systemd query's window: a disk to unlock is named as a
/// disk, a security key's PIN as a PIN, anything else in the asker's own
/// words.
package enum SystemdAskWording {
  /// The form that asks `query`.
  package static func form(for query: AskPasswordQuery, environment: LaunchEnvironment)
    -> FormDescription
  {
    var form = FormDescription(
      shape: .passwordOnly,
      rules: DropIn.rules(
        maximumBytes: SystemdAgentPlan.maximumSecretBytes,
        maximumLength: SystemdAgentPlan.maximumSecretBytes))
    let message = query.message.map(ClientText.displayable)
    form.passwordEcho = query.isSilent ? .silent : query.echoes ? .shownAtFirst : .masked
    var title = localized("Password Required")
    form.text = message ?? localized("A system service asks for a password.")
    form.passwordLabel = localized("_Password")
    form.okLabel = localized("_OK")
    if let message, message.lowercased().contains("security token") {
      title = localized("Security Key PIN")
      form.passwordLabel = localized("_PIN")
      form.text =
        message + "\n" + localized("After the PIN, touch the security key if it blinks.")
    } else if let device = cryptsetupDevice(query.id) {
      title = localized("Unlock Disk")
      form.passwordLabel = localized("_Passphrase")
      form.okLabel = localized("_Unlock")
      form.text =
        query.message.flatMap(diskName).map {
          formatted(
            // TRANSLATORS: the first %s is the disk's name, the second its device (/dev/sdb1).
            localized("Unlock the encrypted disk “%s” (%s)."), ClientText.displayable($0), device)
        }
        ?? message.map {
          // TRANSLATORS: the asker's own question, then the disk's device.
          formatted(localized("%s (%s)"), $0, device)
        }
        // TRANSLATORS: %s is the disk's device (/dev/sdb1).
        ?? formatted(localized("Unlock the encrypted disk %s."), device)
    }
    form.options = DropIn.options(title: title, environment: environment)
    if let icon = query.icon, !icon.contains("/"), !icon.isEmpty { form.options.window.icon = icon }
    return form
  }

  /// The device of a `cryptsetup:DEVICE` id, shown as the asker gave it.
  static func cryptsetupDevice(_ id: String?) -> String? {
    guard let id, id.hasPrefix("cryptsetup:") else { return nil }
    let device = ClientText.displayable(String(id.dropFirst("cryptsetup:".count)))
    return device.isEmpty ? nil : device
  }

  /// The disk in systemd-cryptsetup's "Please enter passphrase for disk
  /// NAME:", if the message is that one.
  static func diskName(_ message: String) -> String? {
    let lead = "Please enter passphrase for disk "
    guard message.hasPrefix(lead), message.hasSuffix(":") else { return nil }
    let name = message.dropFirst(lead.count).dropLast()
    return name.isEmpty ? nil : String(name)
  }
}
