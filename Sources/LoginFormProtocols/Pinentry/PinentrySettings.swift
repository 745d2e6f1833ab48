/// What the SET* commands said, percent-decoded. `RESET` clears it all;
/// `GETPIN` and `CONFIRM` clear some of it after use, as pinentry does.
struct PinentrySettings: Hashable, Sendable {
  var title: String?
  var description: String?
  var prompt: String?
  var error: String?
  var ok: String?
  var cancel: String?
  var notOK: String?
  var repeatPrompt: String?
  var repeatError: String?
  var repeatOK: String?
  var qualityBar: String?
  var qualityBarTooltip: String?
  var generateLabel: String?
  var generateTooltip: String?
  var keyInfo: String?
}
