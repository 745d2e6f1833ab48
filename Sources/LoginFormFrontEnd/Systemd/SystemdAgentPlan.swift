import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols

/// The systemd password agent's decisions: whether an ask file is asked at
/// all, the form that asks it, and the datagram its end becomes.
package enum SystemdAgentPlan {
  /// What to do with one query.
  package enum Decision {
    /// Not asked: the asker is gone, or its deadline passed.
    case skip(String)
    /// Asked with this form; the window goes when `deadline` (CLOCK_MONOTONIC
    /// microseconds) passes, if there is one.
    case ask(FormDescription, deadline: UInt64?)
  }

  /// The longest secret systemd's agents take: its reader's buffer is
  /// LINE_MAX (2048) bytes, the `+` included.
  package static let maximumSecretBytes = 2047

  /// What to do with `query` at `now` (CLOCK_MONOTONIC microseconds);
  /// `askerIsAlive` says whether its PID still runs, `requester` who asks
  /// in words.
  package static func decide(
    _ query: AskPasswordQuery, now: UInt64, askerIsAlive: Bool, requester: String?,
    environment: LaunchEnvironment
  ) -> Decision {
    if query.processID != nil, !askerIsAlive { return .skip("its asker is gone") }
    if let notAfter = query.notAfter, notAfter <= now { return .skip("its time is up") }
    var form = SystemdAskWording.form(for: query, environment: environment)
    form.options.requester = requester
    return .ask(form, deadline: query.notAfter)
  }

  /// How the query is answered after `result`: with the password, with a
  /// refusal, or not at all (the agent was stopped: another may answer).
  package enum Reply {
    case secret(any SecretText)
    case refusal
    case none
  }

  /// The reply to send once the form ended with `result`.
  package static func reply(to result: PromptResult) -> Reply {
    switch result {
    case .submitted(let form):
      guard let password = form.password else { return .refusal }
      return .secret(password)
    case .cancelled, .closed, .timedOut: return .refusal
    default:
      // Not the user's answer (a signal, no keyboard, no locked memory):
      // another agent may still ask.
      return .none
    }
  }
}
