/// What the glue must do after feeding the session.
package indirect enum PinentryEvent {
  /// Nothing: write what the sink got and keep reading.
  case none
  /// Open a window for this request; report how it ended through
  /// `submit(pin:repeated:into:)`, `confirm(into:)` or
  /// `dismiss(_:into:)`.
  case show(PinentryRequest)
  /// The agent rated the PIN last sent with `requestQuality(of:into:)`:
  /// -100…100, negative when the agent would refuse it.
  case quality(Int)
  /// The agent's answer to `requestGeneratedPIN(into:)`: a passphrase to
  /// put in the entry (and the repeat entry), or nil when it sent none.
  /// Decode it before calling the splitter or the session again.
  case generatedPIN(PinentryGeneratedPIN?)
  /// The agent's verdict on the PIN last sent with
  /// `requestPINCheck(of:into:)`, which is still the PIN in the window
  /// (a verdict on an older one is dropped, and the check wanted again).
  case pinChecked(PinentryPINCheck)
  /// Do what `after` says, then send the window's current PIN for what
  /// `wish` names: an inquiry has ended that kept those requests waiting.
  case pinWanted(PinentryPINWish, after: PinentryEvent)
  /// `CLEARPASSPHRASE`: delete what the password manager keeps for this
  /// key (the raw `SETKEYINFO` argument, `n/<keygrip>`), then tell the
  /// session how that went with `answerClearPassphrase(_:into:)`, which
  /// writes the answer and returns the next event.
  case clearPassphrase(keyInfo: String)
  /// Write what the sink got (ignore EPIPE), close any window and exit 0
  /// at once: the agent waits for the process to end.
  case exit
}
