import LoginFormPrompt
import LoginFormProtocols

/// How a call of the git credential helper is handled: `store` and `erase`
/// act on the password manager and answer nothing (git ignores the
/// output); `get` answers from it, or asks with a "Remember" box whose
/// choice reaches the `store` git runs once the password worked.
///
/// Two steps, so that git's input is given back before `get` looks
/// anything up: with a small locked-memory limit, the input's locked
/// memory and the password manager's cannot be held at once.
package enum GitCredentialPlan {
  /// git's request for `action` in `input` (git's lines, in locked memory,
  /// read only during the call); for `store` and `erase`, which carry the
  /// password, what they do to the password manager is done here. Throws
  /// when `input` is no request.
  package static func receive(
    _ action: GitCredentialAction, input: UnsafeBufferPointer<UInt8>, access: some KeyringAccess
  ) throws(FrontEndFailure) -> GitCredentialRequest {
    let request: GitCredentialRequest
    do {
      request = try GitCredentialRequest(parsing: input)
    } catch {
      throw .git(error)
    }
    switch action {
    case .store:
      GitCredentialKeyring.store(
        request, input: input, keyring: access.keyring, notes: access.notes)
    case .erase:
      GitCredentialKeyring.erase(
        request, input: input, keyring: access.keyring, notes: access.notes)
    case .get:
      break
    }
    return request
  }

  /// The plan for `action` on `request` once it was received: nothing to
  /// ask after `store` and `erase`; for `get`, the stored credentials or the
  /// window. `environment` gives `GIT_TERMINAL_PROMPT` and
  /// `LOGIN_FORM_GRAB`; `requester` names the program that asks, read only
  /// when a prompt will be shown.
  package static func plan(
    _ action: GitCredentialAction, for request: GitCredentialRequest,
    environment: LaunchEnvironment, requester: @autoclosure () -> String?,
    access: some KeyringAccess
  ) -> RequestPlan {
    guard action == .get else { return .answered(.silent(.submitted)) }
    if let answer = GitCredentialKeyring.answerFromKeyring(for: request, keyring: access.keyring) {
      return .answered(answer)
    }
    let offer = GitCredentialKeyring.offer(keyring: access.keyring, notes: access.notes)
    let form = GitCredentialFrontEnd.prompt(
      for: request, environment: environment, requester: requester(), offer: offer)
    let presenters = PresenterPlan.forProcess(
      forcesTerminal: false, gitTerminalPrompt: environment.gitTerminalPrompt)
    return .ask(
      PendingPrompt(.form(form), on: presenters) { result in
        GitCredentialKeyring.recordChoice(result, for: request, notes: access.notes)
        return GitCredentialFrontEnd.answer(to: result)
      })
  }
}
