import CGtk
import LoginFormGtk
import LoginFormModel
import LoginFormProtocols

/// The git credential helper: `git-credential-login-form ACTION`, as git
/// runs `credential.helper=login-form`, `login-form --git-credential ACTION`
/// for `credential.helper="!login-form --git-credential"`, or `login-form
/// ACTION` for an absolute helper path.
@MainActor enum GitCredentialFrontEnd {
  /// git sends a few hundred bytes; store and erase send the password too,
  /// so every byte read goes through locked memory, a chunk at a time.
  private static let chunk = 4096

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
    guard action.opensWindow else {
      // Read to the end and forget, so git never writes into a closed pipe.
      drain()
      Standard.exit(.submitted)
    }
    SecretMemory.require()
    let request = readRequest()
    let prompt = request.prompt
    Display.open()
    var description = PromptDescription(
      shape: prompt.shape, rules: DropIn.rules(maximumBytes: nil, maximumLength: 4096))
    description.text = formatted(localized("Sign in to %s"), prompt.url)
    description.username = prompt.username ?? ""
    description.okLabel = localized("_OK")
    description.window = DropIn.windowOptions(title: GitCredentialPrompt.title)
    let result = DropIn.ask(description)
    guard case .submitted(let form) = result else {
      // quit=1 makes git stop instead of asking on a terminal or the next
      // helper; git ignores the status, scripts may not.
      if let quit = LockedBuffer(encoding: { GitCredentialAnswer.encodeQuit(into: &$0) }) {
        Standard.deliver(quit)
      }
      Standard.exit(ExitStatus(ending: result))
    }
    Standard.deliver(form) { form, sink in
      guard let username = form.username, let password = form.password else { return }
      password.withUTF8 {
        try? GitCredentialAnswer.encode(username: username, password: $0, into: &sink)
      }
    }
    Standard.exit(.submitted)
  }

  /// Reads git's `get` request into locked memory and parses it there; a
  /// malformed or over-long one ends the process with status 2.
  private static func readRequest() -> GitCredentialRequest {
    // 12 KiB: far more than git sends, and within one block of libgcr's
    // pool (a request of exactly its 16 KiB block size fails).
    guard let input = LockedBuffer(capacity: chunk * 3) else {
      Standard.fail(localized("No locked memory is left for the input"), status: .notDelivered)
    }
    switch input.read(from: 0) {
    case .endOfInput: break
    case .full:
      input.wipe()
      drain()
      Standard.fail(localized("The input is too long"), status: .usage)
    case .failed(let code):
      input.wipe()
      Standard.fail(
        formatted(localized("Cannot read the input: %s"), String(cString: g_strerror(code))),
        status: .usage)
    }
    let parsed = input.withUTF8 { bytes in
      Result { () throws(GitCredentialError) in try GitCredentialRequest(parsing: bytes) }
    }
    input.wipe()
    switch parsed {
    case .success(let request): return request
    case .failure(let error): Standard.fail(error.description, status: .usage)
    }
  }

  /// Reads standard input to its end through one locked chunk, wiped after
  /// each read.
  private static func drain() {
    guard let scratch = LockedBuffer(capacity: chunk) else { return }
    while true {
      let end = scratch.read(from: 0)
      scratch.wipe()
      if end != .full { return }
    }
  }
}
