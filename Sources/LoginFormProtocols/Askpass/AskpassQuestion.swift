/// What an askpass prompt asks of the person.
package enum AskpassQuestion: Hashable, Sendable {
  /// One field to fill in; OK prints its value and a newline.
  case entry(AskpassField)
  /// A yes/no question whose answer is printed as `yes` or `no` (ssh's
  /// host-key question). Cancelling prints nothing.
  case yesNo
  /// Allow or refuse (`SSH_ASKPASS_PROMPT=confirm`, ssh-agent's "Allow use
  /// of key …?"). Allowing prints an empty line and exits 0; refusing
  /// prints nothing and exits non-zero.
  case confirmation
  /// A notice with only a Close button (`SSH_ASKPASS_PROMPT=none`, such as
  /// "Confirm user presence for key …"). Nothing is printed: stdin and
  /// stdout are /dev/null and ssh ends the program with SIGTERM when done.
  case notification
  /// ssh's notice to touch a security key (`SSH_ASKPASS_PROMPT=none` with
  /// "Confirm user presence for key …"): a notification whose key is
  /// named in `AskpassRequest.device`.
  case presence
}
