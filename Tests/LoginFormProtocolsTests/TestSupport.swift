import LoginFormModel
import LoginFormTestSupport

@testable import LoginFormProtocols

extension PinentryHost {
  /// A host with fixed numbers, so transcripts are exact.
  static let test = PinentryHost(
    processID: 4242, userID: 1000, groupID: 1000, flavor: "login-form", version: "1.0",
    deviceStatus: { _ in "20620/1000/5" })
}

extension PinentryEvent {
  /// The request to show, if this event opens a window.
  var request: PinentryRequest? {
    if case .show(let request) = self { return request }
    return nil
  }

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }

  /// What the event says to send the current PIN for again.
  var wanted: PinentryPINWish {
    if case .pinWanted(let wish, _) = self { return wish }
    return []
  }

  /// The event without its wish for the PIN.
  var withoutWish: PinentryEvent {
    if case .pinWanted(_, let after) = self { return after }
    return self
  }

  var isExit: Bool {
    if case .exit = self { return true }
    return false
  }

  var quality: Int? {
    if case .quality(let score) = withoutWish { return score }
    return nil
  }

  var pinCheck: PinentryPINCheck? {
    if case .pinChecked(let check) = withoutWish { return check }
    return nil
  }
}
