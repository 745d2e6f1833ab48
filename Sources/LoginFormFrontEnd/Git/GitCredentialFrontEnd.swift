import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// The git credential helper: `git-credential-login-form ACTION`, as git
/// runs `credential.helper=login-form`, `login-form --git-credential ACTION`
/// for `credential.helper="!login-form --git-credential"`, or `login-form
/// ACTION` for an absolute helper path.
package enum GitCredentialFrontEnd {
  /// git sends a few hundred bytes; more than this is not a request.
  package static let maximumRequestBytes = 12_288

  /// The action, which git appends last: anything before it would be a
  /// wrapper's.
  package static func action(arguments: [String]) throws(FrontEndFailure) -> GitCredentialAction {
    guard let argument = arguments.last else { throw .missingGitAction }
    do {
      return try GitCredentialAction(argument: argument)
    } catch {
      throw .git(error)
    }
  }

  /// The window for `get`: titled after the host, the URL, the username
  /// when git knows it, and both fields; `environment` tunes the
  /// window (`DropIn.options`),
  /// `requester` says which program asks, if known, and `offer` is the
  /// "Remember" check box (`GitCredentialKeyring.offer`).
  package static func prompt(
    for request: GitCredentialRequest, environment: LaunchEnvironment, requester: String? = nil,
    offer: RememberOffer? = nil
  ) -> FormDescription {
    let prompt = request.prompt
    var form = FormDescription(
      shape: prompt.shape, rules: DropIn.rules(maximumBytes: nil, maximumLength: 4096))
    // TRANSLATORS: text above the fields; %s is a URL or host that git asks for.
    form.text = ClientText.displayable(formatted(localized("Sign in to %s"), prompt.url))
    form.username = prompt.username ?? ""
    form.okLabel = localized("_Sign In")
    let target = request.host.flatMap { $0.isEmpty ? nil : $0 } ?? prompt.url
    form.options = DropIn.options(
      // TRANSLATORS: a window title; %s is a host name (github.com).
      title: ClientText.title(formatted(localized("Sign In to %s"), target)),
      environment: environment)
    form.options.requester = requester
    form.rememberOffer = offer
    return form
  }

  /// The lines git reads after `get`; `quit=1` when the user backed out, so
  /// that git stops instead of asking on a terminal or the next helper (git
  /// ignores the status, scripts may not); nothing when no locked memory
  /// could hold the password, so that git asks elsewhere.
  package static func answer(to result: PromptResult) -> Answer {
    if case .lockedMemoryUnavailable = result { return .ended(result) }
    guard case .submitted(let form) = result, let username = form.username,
      let password = form.password
    else {
      return .plain(status: ExitStatus(ending: result)) {
        GitCredentialAnswer.encodeQuit(into: &$0)
      }
    }
    return .credentials(username: username, password: password)
  }
}
