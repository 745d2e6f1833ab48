import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// The askpass mode: `login-form PROMPT`, as ssh, ssh-agent, `sudo -A` and
/// git call it. The answer is one line on standard output; anything but
/// exit 0 means the user backed out.
package enum AskpassFrontEnd {
  /// What to show for `request`; `environment` tunes the window
  /// (`DropIn.options`),
  /// `requester` says which program asks (see `Requester`), if known, and
  /// `offer` is a "Save in password manager" check box for an entry
  /// (`SshKeyPassphrase.offer`).
  package static func prompt(
    for request: AskpassRequest, environment: LaunchEnvironment, requester: String? = nil,
    offer: RememberOffer? = nil
  ) -> Prompt {
    var options = DropIn.options(title: "OpenSSH", environment: environment)
    options.requester = requester
    switch request.question {
    case .entry(let field):
      let wording = AskpassWording(prompt: request.prompt, field: field, client: request.client)
      var form = FormDescription(
        shape: request.shape ?? .passwordOnly,
        rules: DropIn.rules(maximumBytes: request.maximumAnswerBytes))
      form.text = wording.text.map(ClientText.displayable)
      if let device = request.device {
        form.text = ClientText.displayable(instructions(for: device))
      }
      form.error = wording.error
      options.title = ClientText.title(wording.title)
      form.okLabel = wording.okLabel
      if request.device != nil {
        // A security key's PIN and a token's are one job, as a key's
        // passphrase is: the same title and verb for all of them.
        options.title = localized("Unlock SSH Key")
        form.okLabel = localized("_Unlock")
      }
      form.options = options
      form.rememberOffer = offer
      if field.isSecret {
        form.passwordLabel = label(of: field)
      } else {
        form.usernameLabel = label(of: field)
      }
      return .form(form)
    case .yesNo:
      if let hostKey = SshHostKeyPrompt(request.prompt) {
        return .question(SshQuestion.hostKey(hostKey, options: options))
      }
      return .question(SshQuestion.yesNo(request.prompt, options: options))
    case .confirmation:
      return .question(SshQuestion.confirmation(request.prompt, options: options))
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
  /// as an empty passphrase, so only an answer exits 0. Cancelling a
  /// question prints nothing (ssh takes that as no).
  package static func answer(to result: PromptResult, for request: AskpassRequest) -> Answer {
    switch (request.question, result) {
    case (.entry, .submitted(let form)):
      if let password = form.password { return .secretLine(password) }
      return .usernameLine(form.username ?? "")
    case (.yesNo, .answered(true)):
      return .plain(status: .submitted) { AskpassAnswer.encode(yes: true, into: &$0) }
    case (.yesNo, .verified):
      // ssh takes its own fingerprint as yes, and can check that it is.
      guard let fingerprint = SshHostKeyPrompt(request.prompt)?.fingerprint.text else {
        return .silent(.cancelled)
      }
      return .plain(status: .submitted) { AskpassAnswer.encode(line: fingerprint, into: &$0) }
    case (.confirmation, .answered(true)):
      return .plain(status: .submitted) { AskpassAnswer.encodeConfirmation(into: &$0) }
    case (.notification, .answered(true)), (.presence, .answered(true)):
      // The notice's one button: closed by the user, nothing to say.
      return .silent(.submitted)
    default:
      return .ended(result)
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
