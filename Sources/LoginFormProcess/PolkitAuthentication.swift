import CPolkitAgent
import LoginFormFrontEnd
import LoginFormLockedMemory
import LoginFormMainLoop
import LoginFormPrompt

/// One request of polkitd's, from its window to polkitd's answer: PAM's
/// conversation for the chosen user (through polkit's setuid helper) in one
/// window, asked again in place after a wrong password, until polkit grants
/// the action or the user gives up.
@MainActor final class PolkitAuthentication {
  let request: OpaquePointer
  private let form: FormDescription
  private var user: PolkitUser
  /// Whose password would do, as the form's choice lists them.
  private let users: [PolkitUser]
  private let passwordPrompts: Set<String>
  private var session: OpaquePointer?
  private var surface: (any ConversationSurface)?
  private var isPresented = false
  /// What PAM said during the current attempt: shown above the field.
  private var lines: [String] = []
  /// PAM's errors since the current attempt's answer (or its start), for
  /// the field after it fails.
  private var errors: [String] = []
  /// What the field says when the next attempt asks: why the last failed.
  private var pendingRetryMessage: String?
  /// Whether the user answered during the current attempt: an attempt
  /// that failed before asking anything is not tried again.
  private var hasAnswered = false
  private var isGranted = false
  private var isEnded = false
  /// Called once, when polkitd has been told how the request ended.
  var onEnd: (() -> Void)?
  /// Whether `start` was called.
  private(set) var isStarted = false

  init(
    request: OpaquePointer, form: FormDescription, user: PolkitUser, users: [PolkitUser],
    passwordPrompts: Set<String>
  ) {
    self.request = request
    self.users = users
    self.form = form
    self.user = user
    self.passwordPrompts = passwordPrompts
  }

  /// Builds the window with `presenter` and starts PAM's conversation; the
  /// window shows once PAM first asks or says something.
  func start(with presenter: any PromptPresenter) {
    isStarted = true
    guard
      let shown = presenter.show(.form(form), onFinish: { [weak self] in self?.ended($0) }),
      let surface = shown.form as? any ConversationSurface
    else {
      Diagnostics.warn(FrontEndFailure.noLockedMemoryLeft(for: .password).description)
      end(LF_POLKIT_FAILED)
      return
    }
    surface.onSubmit = { [weak self] in self?.answer($0) }
    surface.onChoose = { [weak self] in self?.choose($0) }
    self.surface = surface
    attempt()
  }

  /// polkitd withdrew the request, or went away: the window goes.
  func withdraw() {
    guard !isEnded else { return }
    if let surface {
      surface.finish(.interrupted(signal: 0))
    } else {
      end(LF_POLKIT_FAILED)
    }
  }

  private func attempt() {
    lines = []
    errors = []
    hasAnswered = false
    var callbacks = LfPolkitSessionCallbacks(
      request: { context, text, echoOn in
        MainActor.assumeIsolated {
          PolkitAuthentication.of(context).asked(String(cString: text!), echoes: echoOn != 0)
        }
      },
      message: { context, text, isError in
        MainActor.assumeIsolated {
          PolkitAuthentication.of(context).said(String(cString: text!), isError != 0)
        }
      },
      completed: { context, gained in
        MainActor.assumeIsolated {
          PolkitAuthentication.of(context).completed(granted: gained != 0)
        }
      })
    session = lf_polkit_session_start(
      request, user.id, &callbacks, Unmanaged.passUnretained(self).toOpaque())
  }

  private static func of(_ context: UnsafeMutableRawPointer?) -> PolkitAuthentication {
    Unmanaged<PolkitAuthentication>.fromOpaque(context!).takeUnretainedValue()
  }

  private func presentOnce() {
    guard !isPresented, let surface else { return }
    isPresented = true
    surface.present()
  }

  private func asked(_ prompt: String, echoes: Bool) {
    presentOnce()
    let retry = pendingRetryMessage
    pendingRetryMessage = nil
    surface?.ask(
      label: PolkitAgentPlan.fieldLabel(
        forPAMPrompt: prompt, user: user, passwordPrompts: passwordPrompts),
      echo: echoes ? .shownAtFirst : .masked, error: retry)
  }

  private func said(_ text: String, _ isError: Bool) {
    presentOnce()
    lines.append(ClientText.displayable(text))
    if isError { errors.append(text) }
    surface?.say(lines.joined(separator: "\n"))
  }

  /// Another user was chosen: PAM starts over for them.
  private func choose(_ index: Int) {
    guard users.indices.contains(index), users[index] != user else { return }
    user = users[index]
    stopSession()
    pendingRetryMessage = nil
    surface?.say(nil)
    attempt()
  }

  private func answer(_ form: SubmittedForm) {
    guard let session else { return }
    hasAnswered = true
    // What PAM said before the answer was not about it.
    lines = []
    errors = []
    surface?.say(localized("Checking…"))
    let line = form.password?.withUTF8 { LockedCString(copying: $0) }
    guard let line else {
      surface?.finish(.lockedMemoryUnavailable)
      return
    }
    // The helper reads the line from its pipe: from this locked copy to the
    // pipe, with no other copy on the way.
    lf_polkit_session_respond(session, line.cString)
  }

  private func completed(granted: Bool) {
    stopSession()
    if granted {
      isGranted = true
      surface?.finish(.verified)
    } else if hasAnswered, surface != nil {
      pendingRetryMessage = PolkitAgentPlan.retryMessage(afterPAMErrors: errors)
      surface?.say(nil)
      attempt()
    } else {
      // Nothing was asked: the helper could not run (it says why on
      // standard error), or PAM refused at once. Trying again would only
      // fail again.
      for error in errors { Diagnostics.warn(ClientText.plainLine(error)) }
      surface?.finish(.interrupted(signal: 0))
    }
  }

  private func ended(_ result: PromptResult) {
    stopSession()
    surface = nil
    if isGranted {
      end(LF_POLKIT_AUTHENTICATED)
    } else {
      end(PolkitAgentPlan.isDismissal(result) ? LF_POLKIT_DISMISSED : LF_POLKIT_FAILED)
    }
  }

  private func stopSession() {
    if let session { lf_polkit_session_stop(session) }
    session = nil
  }

  private func end(_ outcome: LfPolkitOutcome) {
    guard !isEnded else { return }
    isEnded = true
    lf_polkit_request_finish(request, outcome)
    onEnd?()
  }
}
