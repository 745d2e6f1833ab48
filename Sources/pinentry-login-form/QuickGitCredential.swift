import CProcess
import Glibc
import LoginFormFrontEnd
import LoginFormKeyring
import LoginFormLockedMemory
import LoginFormPrompt
import LoginFormProtocols
import LoginFormStreams

/// git's credential helper without GTK: `store` and `erase`, and a `get`
/// the password manager answers, end here, as in login-form's own git mode
/// (`GitCredentialPlan`); a `get` that has to be shown becomes login-form,
/// which reads git's request again and shows the window.
@MainActor enum QuickGitCredential {
  /// Answers git's `arguments` (the action last) and exits.
  static func answer(arguments: [String], environment: LaunchEnvironment) -> Never {
    let action: GitCredentialAction
    do {
      action = try GitCredentialFrontEnd.action(arguments: arguments)
    } catch {
      Standard.fail(error)
    }
    // login-form says what is missing in its own words, git's request
    // still unread.
    guard LockedRegion.canLock(GitCredentialFrontEnd.maximumRequestBytes) else {
      becomeLoginForm(arguments: arguments)
    }
    let store = RecordingPasswordStore(SecretServiceStore())
    let access = ProcessKeyringAccess(runtimeDirectory: environment.runtimeDirectory) {
      Keyring(store: store, warn: Diagnostics.warn)
    }
    // git's request, kept in a pipe for login-form to read as it would
    // read git's: only `get` can need a window.
    var kept: Int32 = -1
    var keptError: Int32 = 0
    let request = GitRequestInput.receive(action, access: access) { bytes in
      guard action == .get else { return }
      kept = lf_pipe_holding(bytes.baseAddress, bytes.count)
      keptError = errno
    }
    let plan = GitCredentialPlan.plan(
      action, for: request, environment: environment, requester: nil, access: access)
    switch plan {
    case .answered(let answer):
      Standard.exit(Standard.deliver(answer))
    case .ask:
      guard kept >= 0 else { HandOver.cannotHandOver(keptError) }
      becomeLoginForm(
        arguments: arguments, handing: HandOff(storeEvents: store.events, transcript: []),
        input: kept)
    }
  }

  /// Becomes login-form as git's helper, for the same action.
  private static func becomeLoginForm(
    arguments: [String], handing record: HandOff? = nil, input: Int32? = nil
  ) -> Never {
    HandOver.becomeLoginForm(
      arguments: ["git-credential-login-form"] + arguments, handing: record, input: input)
  }
}
