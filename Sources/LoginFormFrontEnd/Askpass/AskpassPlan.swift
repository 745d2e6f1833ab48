import LoginFormPrompt
import LoginFormProtocols

/// How an askpass call is handled: an ssh key's passphrase comes from the
/// password manager, with no prompt, when it is there and has not just
/// failed (one that failed is deleted, then asked for); anything else is
/// asked, with a box to save a key's passphrase when the password manager
/// can take it.
package enum AskpassPlan {
  /// The plan for `prompt` (ssh's, sudo's or git's words), as `environment`
  /// says (`SSH_ASKPASS_PROMPT`, `GIT_TERMINAL_PROMPT`, `LOGIN_FORM_GRAB`),
  /// on the terminal alone when `onTerminal` (see `Mode.askpass`);
  /// `requester` names the program that asks, and is read only when a
  /// prompt will be shown.
  package static func plan(
    prompt: String, onTerminal: Bool, environment: LaunchEnvironment,
    requester: @autoclosure () -> String?, access: some KeyringAccess
  ) -> RequestPlan {
    let request = AskpassRequest(prompt: prompt, promptMode: environment.sshAskpassPrompt)
    let key = SshKeyPassphrase.keyPrompt(of: request).flatMap(access.sshKey)
    var offer: RememberOffer?
    if let key {
      if let answer = key.answerFromKeyring(access.keyring, notes: access.notes) {
        return .answered(answer)
      }
      offer = SshKeyPassphrase.offer(access.keyring)
    }
    let shown = AskpassFrontEnd.prompt(
      for: request, environment: environment, requester: requester(), offer: offer)
    let presenters = PresenterPlan.forAskpass(
      request, onTerminal: onTerminal, gitTerminalPrompt: environment.gitTerminalPrompt)
    return .ask(
      PendingPrompt(shown, on: presenters) { result in
        key?.finish(result, keyring: access.keyring)
        return AskpassFrontEnd.answer(to: result, for: request)
      })
  }
}
