/// What the agent should be sent the current PIN for again, once an
/// inquiry that kept it waiting has ended: the PIN changed, or a rating was
/// asked for, while another inquiry was out (at most one is out at a time).
package struct PinentryPINWish: OptionSet, Hashable, Sendable {
  package let rawValue: Int

  package init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Its verdict: call `requestPINCheck(of:into:)` with the current PIN.
  package static let check = PinentryPINWish(rawValue: 1 << 0)
  /// Its rating: call `requestQuality(of:into:)` with the current PIN.
  package static let rating = PinentryPINWish(rawValue: 1 << 1)
}
