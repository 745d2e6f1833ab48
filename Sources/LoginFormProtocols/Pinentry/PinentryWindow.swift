/// Whether a request's window is open, and what the person asked of it
/// while an inquiry was out. The wishes live inside the open case, so a
/// window that closes takes its wishes with it.
enum PinentryWindow {
  /// No request is waiting for the person.
  case none
  /// A `GETPIN`, `CONFIRM` or `MESSAGE` is on screen.
  case open(PinentryRequest, Wishes)

  /// What the open window asked for while the agent was busy with another
  /// inquiry (at most one is out at a time).
  struct Wishes {
    /// A rating was asked for meanwhile.
    var qualityDeferred = false
    /// A generated passphrase was asked for meanwhile.
    var generationDeferred = false
    /// The PIN changed while an inquiry was out: the agent's verdict on it
    /// is still to be asked for.
    var pinCheckDeferred = false
  }

  /// The request on screen, if any.
  var request: PinentryRequest? {
    guard case .open(let request, _) = self else { return nil }
    return request
  }

  /// The open window's wishes; nil, and setting does nothing, when none is
  /// open.
  var wishes: Wishes? {
    get {
      guard case .open(_, let wishes) = self else { return nil }
      return wishes
    }
    set {
      guard case .open(let request, _) = self, let newValue else { return }
      self = .open(request, newValue)
    }
  }
}
