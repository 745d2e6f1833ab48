import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// The askpass mode: `login-form PROMPT`, as ssh, ssh-agent, `sudo -A` and
/// git call it. The answer is one line on standard output; anything but
/// exit 0 means the user backed out.
package enum AskpassFrontEnd {
  /// What to show for `request`; `grabSetting` is `LOGIN_FORM_GRAB`,
  /// `offer` a "Save in password manager" check box for an entry
  /// (`SshKeyPassphrase.offer`).
  package static func prompt(
    for request: AskpassRequest, grabSetting: String?, offer: RememberOffer? = nil
  ) -> Prompt {
    let options = DropIn.options(title: title(of: request), grabSetting: grabSetting)
    switch request.question {
    case .entry(let field):
      var form = FormDescription(
        shape: request.shape ?? .passwordOnly,
        rules: DropIn.rules(maximumBytes: request.maximumAnswerBytes))
      // The ssh-askpass alternative may be called with no prompt at all.
      form.text = request.prompt.isEmpty ? nil : ClientText.displayable(request.prompt)
      if let device = request.device {
        form.text = ClientText.displayable(instructions(for: device))
      }
      form.options = options
      form.okLabel = localized("_OK")
      form.rememberOffer = offer
      if field.isSecret {
        form.passwordLabel = label(of: field)
      } else {
        form.usernameLabel = label(of: field)
      }
      return .form(form)
    case .yesNo, .confirmation:
      return .question(
        QuestionDescription(
          text: ClientText.displayable(request.prompt), yes: localized("_Yes"),
          no: localized("_No"), options: options))
    case .notification:
      // ssh ends a notice with SIGTERM once it is done; it takes no keys.
      return .notice(
        NoticeDescription(
          heading: nil, text: ClientText.displayable(request.prompt), close: localized("_Close"),
          options: options))
    case .presence:
      return .notice(presenceNotice(for: request, options: options))
    }
  }

  /// How the process ends after `result`: ssh takes exit 0 with no output
  /// as an empty passphrase, so only an answer exits 0.
  package static func answer(to result: PromptResult, for request: AskpassRequest) -> Answer {
    switch (request.question, result) {
    case (.entry, .submitted(let form)):
      if let password = form.password { return .secretLine(password) }
      return .usernameLine(form.username ?? "")
    case (.yesNo, .answered(let yes)):
      return .plain(status: .submitted) { AskpassAnswer.encode(yes: yes, into: &$0) }
    case (.confirmation, .answered(true)):
      return .plain(status: .submitted) { AskpassAnswer.encodeConfirmation(into: &$0) }
    case (.notification, .answered(true)), (.presence, .answered(true)):
      // The notice's one button: closed by the user, nothing to say.
      return .silent(.submitted)
    default:
      return .ended(result)
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
    case .password: localized("_Password")
    case .username: localized("_Username")
    case .oneTimeCode: localized("_Verification code")
    }
  }
}
