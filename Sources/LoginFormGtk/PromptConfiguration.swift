import LoginFormModel

/// What the caller asked the window to show and enforce.
public struct PromptConfiguration {
  /// The window title.
  public var title: String
  /// An optional line of explanation above the fields.
  public var text: String?
  /// A username to start with; focus then starts in the password field.
  public var username: String
  /// The affirmative button's label, with an underscore before its mnemonic.
  public var okLabel: String
  /// The cancel button's label, with an underscore before its mnemonic.
  public var cancelLabel: String
  /// The rules both fields must satisfy.
  public var rules: FormRules
  /// Seconds after which the window gives up, if any.
  public var timeoutSeconds: Int?

  /// A configuration with the defaults for every unset part.
  public init(
    title: String? = nil, text: String? = nil, username: String = "",
    okLabel: String? = nil, cancelLabel: String? = nil,
    rules: FormRules = FormRules(), timeoutSeconds: Int? = nil
  ) {
    self.title = title ?? localized("Log In")
    self.text = text
    self.username = username
    self.okLabel = okLabel ?? localized("_Done")
    self.cancelLabel = cancelLabel ?? localized("_Cancel")
    self.rules = rules
    self.timeoutSeconds = timeoutSeconds
  }
}
