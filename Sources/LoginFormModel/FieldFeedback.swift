/// The one message a field shows, and how loudly.
///
/// "Reward early, punish late": while the user types into a field for the
/// first time its issue is a neutral hint; it becomes an error once they
/// leave the field or try to submit, and it disappears as soon as the value
/// is valid.
public struct FieldFeedback: Hashable, Sendable {
  /// The most useful of the field's issues.
  public let issue: FieldIssue
  /// Whether to show it as an error (error style, icon, full contrast)
  /// rather than as a hint.
  public let isError: Bool

  /// Pairs an issue with its severity.
  public init(issue: FieldIssue, isError: Bool) {
    self.issue = issue
    self.isError = isError
  }
}
