import LoginFormModel

/// Everything a form prompt shows and enforces: the one description each
/// front end (the ordinary options, askpass, git, pinentry) fills in, and
/// the only thing the window knows of them.
public struct PromptDescription {
  /// Which fields the form has.
  public var shape: FormShape
  /// The rules the fields must satisfy.
  public var rules: FormRules
  /// Text above the fields (a prompt, a description); may hold newlines.
  public var text: String?
  /// Whether `text` is Pango markup rather than plain text.
  public var textIsMarkup = false
  /// An error to show prominently above the fields (pinentry's SETERROR:
  /// "Bad Passphrase (try 2 of 3)").
  public var error: String?
  /// A username to start with.
  public var username = ""
  /// Label of the username entry, `_` before the mnemonic; nil for "_Username".
  public var usernameLabel: String?
  /// Label of the password entry; nil for "_Password".
  public var passwordLabel: String?
  /// Label of the repeated password; nil for "_Repeat".
  public var repeatLabel: String?
  /// What to say when the repeat differs; nil for the default wording.
  public var mismatchText: String?
  /// The affirmative button's label; nil for "_Done".
  public var okLabel: String?
  /// The cancel button's label; nil for "_Cancel".
  public var cancelLabel: String?
  /// A strength meter under the password, fed by `PromptWindow.showQuality`.
  public var qualityBar: Control?
  /// A button that asks the front end for a generated password, which
  /// `PromptWindow.fill(password:)` then puts in both fields.
  public var generateButton: Control?
  /// Where and how the window appears.
  public var window = WindowOptions()

  /// A description of `shape` judged by `rules`, with every other part unset.
  public init(shape: FormShape = .usernameAndPassword, rules: FormRules = FormRules()) {
    self.shape = shape
    self.rules = rules
  }

  /// A labelled extra under the fields: the quality bar, the generate
  /// button.
  public struct Control {
    /// Its label; `_` before a button's mnemonic.
    public var label: String
    /// Its tooltip, if any.
    public var tooltip: String?

    /// A control labelled `label`.
    public init(label: String, tooltip: String? = nil) {
      self.label = label
      self.tooltip = tooltip
    }
  }
}
