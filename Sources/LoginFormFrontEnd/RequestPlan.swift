/// How the core handles one askpass or git request, decided before
/// anything is shown (pinentry's counterpart is
/// `PinentryPasswordCache.Opening`): the executable delivers the answer, or
/// shows the prompt where it says and delivers what `finish` makes of its
/// end.
package enum RequestPlan {
  /// Answered with no prompt: from the password manager, or git's `store`
  /// and `erase`, which only act on it.
  case answered(Answer)
  /// Show this, then finish with its result.
  case ask(PendingPrompt)
}
