/// Why a PIN was not sent. The window stays open.
package enum PinentrySubmitError: Error, Hashable, Sendable {
  /// The PIN is longer than the agent takes; the entry's byte rule should
  /// have prevented it.
  case tooManyBytes(maximum: Int, actual: Int)
  /// A PIN from the password manager was empty: the agent would take it as
  /// no answer, so the person is asked instead.
  case empty
}
