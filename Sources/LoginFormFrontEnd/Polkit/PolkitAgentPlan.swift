import LoginFormModel
import LoginFormPrompt

/// The polkit agent's decisions: whose password is asked for first, the
/// window that asks it, the field's words for each of PAM's questions,
/// and what polkitd is told when the window ends.
package enum PolkitAgentPlan {
  /// The longest answer polkit's helper takes: it reads each line into a
  /// buffer of PAM_MAX_RESP_SIZE (512) bytes, the line break and the
  /// terminating NUL included.
  package static let maximumSecretBytes = 510

  /// The process the agent registers for, from what follows
  /// `--polkit-agent`: `--process=PID` (or `--process PID`), else nil for
  /// the login session.
  package static func processID(arguments: [String]) throws(OptionsError) -> Int? {
    let missing = OptionsError.invalidValue(
      option: "process", reason: localized("a process id is needed"))
    var rest = arguments[...]
    guard let first = rest.popFirst() else { return nil }
    let value: String
    if first.hasPrefix("--process=") {
      value = String(first.dropFirst("--process=".count))
    } else if first == "--process", let next = rest.popFirst() {
      value = next
    } else {
      throw first == "--process" ? missing : .unexpectedArgument(first)
    }
    if let extra = rest.first { throw .unexpectedArgument(extra) }
    guard let pid = Int(value), pid > 0, pid <= Int(Int32.max) else { throw missing }
    return pid
  }

  /// The user asked for first, as GNOME Shell chooses: the current user if
  /// listed, else root, else the first; nil when polkitd listed no user.
  package static func chosenUser(among users: [PolkitUser], currentUserID: UInt32)
    -> PolkitUser?
  {
    users.first { $0.id == currentUserID } ?? users.first { $0.id == 0 } ?? users.first
  }

  /// The window for `request`, asking for `user`'s password; `requester`
  /// says which program asks, if known. It waits for PAM's first question.
  package static func form(
    for request: PolkitRequest, user: PolkitUser, requester: String?,
    environment: LaunchEnvironment
  ) -> FormDescription {
    var form = FormDescription(
      shape: .passwordOnly,
      rules: DropIn.rules(maximumBytes: maximumSecretBytes, maximumLength: maximumSecretBytes))
    form.isConversation = true
    form.text = ClientText.displayable(request.message)
    form.passwordLabel = passwordLabel(for: user)
    form.okLabel = localized("_Authenticate")
    form.options = DropIn.options(
      title: localized("Authentication Required"), environment: environment)
    form.options.requester = requester
    // TRANSLATORS: %s is a polkit action id, such as org.freedesktop.policykit.exec.
    form.details = formatted(localized("Action: %s"), request.actionID)
    if request.users.count > 1, let index = request.users.firstIndex(of: user) {
      form.choice = FormDescription.Choice(
        label: localized("Authenticate _as"),
        options: request.users.map { ClientText.displayableLine($0.name) }, selected: index)
    }
    return form
  }

  /// The field's label for PAM's question `prompt`: "Password for alice"
  /// for the usual password question (in English or as PAM words it in the
  /// user's language: `passwordPrompts`), else PAM's own words without
  /// their colon.
  package static func fieldLabel(
    forPAMPrompt prompt: String, user: PolkitUser, passwordPrompts: Set<String>
  ) -> String {
    let words = trimmed(prompt)
    if words.isEmpty || passwordPrompts.map(trimmed).contains(words) || words == "Password" {
      return passwordLabel(for: user)
    }
    return DropIn.mnemonicEscaped(ClientText.displayableLine(words))
  }

  /// "_Password for NAME", the name's underscores kept as text.
  static func passwordLabel(for user: PolkitUser) -> String {
    let name = DropIn.mnemonicEscaped(ClientText.displayableLine(user.name))
    // TRANSLATORS: the label of the password field of a polkit request; %s
    // is the login name of the user whose password is asked for.
    return formatted(localized("_Password for %s"), name)
  }

  /// What the field says after a wrong answer: PAM's own error, if it gave
  /// one during the attempt, else a plain "try again".
  package static func retryMessage(afterPAMErrors errors: [String]) -> String {
    errors.last.map(ClientText.displayable)
      ?? localized("Sorry, that did not work. Please try again.")
  }

  /// Whether a window that ended with `result` before polkit granted
  /// anything was the user's dismissal, rather than a failure to ask (a
  /// signal, no keyboard, no locked memory).
  package static func isDismissal(_ result: PromptResult) -> Bool {
    switch result {
    case .cancelled, .closed, .timedOut: true
    default: false
    }
  }

  private static func trimmed(_ text: String) -> String {
    var words = String(text.trimmingWhitespace)
    while words.last == ":" || words.last == "：" {
      words = String(words.dropLast()).trimmingWhitespace.description
    }
    return words
  }
}
