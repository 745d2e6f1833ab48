import CGtk
import LoginFormGtk
import LoginFormModel
import LoginFormProtocols

/// The askpass mode: `login-form PROMPT`, as ssh, ssh-agent, `sudo -A` and
/// git call it. The answer is one line on standard output; anything but
/// exit 0 means the user backed out.
@MainActor enum AskpassFrontEnd {
  static func run(prompt: String) -> Never {
    let mode = g_getenv("SSH_ASKPASS_PROMPT").map { String(cString: $0) }
    let request = AskpassRequest(prompt: prompt, promptMode: mode)
    if case .entry(let field) = request.question, field.isSecret { SecretMemory.require() }
    Display.open()
    var options = DropIn.windowOptions(title: title(of: request))
    switch request.question {
    case .entry(let field):
      var description = PromptDescription(
        shape: request.shape ?? .passwordOnly,
        rules: DropIn.rules(maximumBytes: request.maximumAnswerBytes))
      // The ssh-askpass alternative may be called with no prompt at all.
      description.text = request.prompt.isEmpty ? nil : request.prompt
      description.window = options
      description.okLabel = localized("_OK")
      if field == .username {
        description.usernameLabel = localized("_Username")
      } else {
        description.passwordLabel = label(of: field)
      }
      let result = DropIn.ask(description)
      guard case .submitted(let form) = result else { Standard.exit(ExitStatus(ending: result)) }
      Standard.deliver(form) { form, sink in
        // The form refuses controls, so neither can fail; a failure would
        // print nothing, which ssh and sudo take as a cancel.
        if let password = form.password {
          password.withUTF8 { try? AskpassAnswer.encode(secret: $0, into: &sink) }
        } else if let username = form.username {
          try? AskpassAnswer.encode(username: username, into: &sink)
        }
      }
      Standard.exit(.submitted)
    case .yesNo:
      switch DropIn.ask(
        QuestionDescription(
          text: request.prompt, yes: localized("_Yes"), no: localized("_No"), options: options))
      {
      case .answered(let yes): DropIn.answer { AskpassAnswer.encode(yes: yes, into: &$0) }
      case let other: Standard.exit(ExitStatus(ending: other))
      }
    case .confirmation:
      let result = DropIn.ask(
        QuestionDescription(
          text: request.prompt, yes: localized("_Yes"), no: localized("_No"), options: options))
      guard case .answered(true) = result else { Standard.exit(ExitStatus(ending: result)) }
      DropIn.answer { AskpassAnswer.encodeConfirmation(into: &$0) }
    case .notification:
      // ssh ends a notice with SIGTERM once it is done; quietly, then.
      options.grabsKeyboard = false
      let result = DropIn.ask(
        QuestionDescription(
          text: request.prompt, yes: localized("_Close"), no: nil, options: options))
      Standard.exit(result.isClose ? .submitted : ExitStatus(ending: result))
    }
  }

  /// The window title: the program that asks, when the prompt tells.
  private static func title(of request: AskpassRequest) -> String {
    switch request.client {
    case .ssh: "OpenSSH"
    case .sudo: "sudo"
    case .git: GitCredentialPrompt.title
    case .unknown: localized("Authentication")
    }
  }

  private static func label(of field: AskpassField) -> String {
    switch field {
    case .passphrase: localized("_Passphrase")
    case .pin: localized("P_IN")
    case .password, .username: localized("_Password")
    }
  }
}

extension PromptResult {
  /// Whether a notice's one button was pressed.
  fileprivate var isClose: Bool {
    if case .answered(true) = self { return true }
    return false
  }
}
