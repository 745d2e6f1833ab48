import CGtk
import LoginFormGtk
import LoginFormModel
import LoginFormProtocols

/// The git credential helper: `git-credential-login-form ACTION`, as git
/// runs `credential.helper=login-form`, or `login-form --git-credential
/// ACTION` for `credential.helper="!login-form --git-credential"`.
@MainActor enum GitCredentialFrontEnd {
  static func run(arguments: [String]) -> Never {
    // git appends the action; anything before it would be a wrapper's.
    guard let argument = arguments.last else {
      Standard.fail(localized("Which action? Expected get, store or erase"), status: .usage)
    }
    let action: GitCredentialAction
    do {
      action = try GitCredentialAction(argument: argument)
    } catch {
      Standard.fail(error.description, status: .usage)
    }
    // Read to the end whatever the action, so git never writes into a
    // closed pipe; store and erase carry the password, hence locked memory.
    guard let input = LockedBuffer(capacity: GitCredentialRequest.maximumInputBytes + 1) else {
      Standard.fail(localized("No locked memory is left for the input"), status: .notDelivered)
    }
    switch input.read(from: 0) {
    case .endOfInput: break
    case .full: Standard.fail(localized("The input is too long"), status: .usage)
    case .failed(let code):
      Standard.fail(
        formatted(localized("Cannot read the input: %s"), String(cString: g_strerror(code))),
        status: .usage)
    }
    guard action.opensWindow else {
      input.wipe()
      Standard.exit(.submitted)
    }
    let parsed = input.withUTF8 { bytes in
      Result { () throws(GitCredentialError) in try GitCredentialRequest(parsing: bytes) }
    }
    input.wipe()
    let request: GitCredentialRequest
    switch parsed {
    case .success(let parsed): request = parsed
    case .failure(let error): Standard.fail(error.description, status: .usage)
    }
    let prompt = request.prompt
    Display.open()
    var description = PromptDescription(
      shape: prompt.shape, rules: DropIn.rules(maximumBytes: nil, maximumLength: 4096))
    description.text = formatted(localized("Sign in to %s"), prompt.url)
    description.username = prompt.username ?? ""
    description.okLabel = localized("_OK")
    description.window = DropIn.windowOptions(title: GitCredentialPrompt.title)
    guard case .submitted(let form) = DropIn.ask(description) else {
      // quit=1 makes git stop instead of asking on a terminal or the next
      // helper; git ignores the status, scripts may not.
      if let quit = LockedBuffer(encoding: { GitCredentialAnswer.encodeQuit(into: &$0) }) {
        Standard.deliver(quit)
      }
      Standard.exit(.cancelled)
    }
    Standard.deliver(form) { form, sink in
      guard let username = form.username, let password = form.password else { return }
      password.withUTF8 {
        try? GitCredentialAnswer.encode(username: username, password: $0, into: &sink)
      }
    }
    Standard.exit(.submitted)
  }
}
