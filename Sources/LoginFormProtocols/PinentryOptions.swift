/// The `OPTION`s gpg-agent sends once after the greeting. They survive
/// `RESET` and every request. Values are as sent; the `constraints-*` texts
/// and `formatted-passphrase-hint` are percent-decoded, as pinentry does.
public struct PinentryOptions: Hashable, Sendable {
  /// `grab` / `no-grab`: grab the keyboard while asking (the default).
  public var grabsKeyboard = true
  /// `display=`, also given as `--display` on the command line.
  public var display: String?
  /// `ttyname=`.
  public var ttyName: String?
  /// `ttytype=`.
  public var ttyType: String?
  /// `ttyalert=`.
  public var ttyAlert: String?
  /// `lc-ctype=`: the client's character set locale.
  public var lcCtype: String?
  /// `lc-messages=`: the client's language.
  public var lcMessages: String?
  /// `owner=PID[/UID] HOST`: who asks, for a title when none is set.
  public var owner: String?
  /// `parent-wid=`: the window to be transient for.
  public var parentWindow: String?
  /// `touch-file=`: a file to touch after the window closes.
  public var touchFile: String?
  /// `default-ok=`: the OK label when no `SETOK` came (`_` marks the
  /// mnemonic).
  public var defaultOK: String?
  /// `default-cancel=`: the Cancel label when no `SETCANCEL` came.
  public var defaultCancel: String?
  /// `default-yes=`.
  public var defaultYes: String?
  /// `default-no=`.
  public var defaultNo: String?
  /// `default-prompt=`: the prompt when no `SETPROMPT` came.
  public var defaultPrompt: String?
  /// `default-pwmngr=`: the label of "save in password manager".
  public var defaultPasswordManager: String?
  /// `default-cf-visi=`: the question before showing the passphrase.
  public var defaultConfirmVisibility: String?
  /// `default-tt-visi=`: the tooltip of "show passphrase".
  public var defaultShowTooltip: String?
  /// `default-tt-hide=`: the tooltip of "hide passphrase".
  public var defaultHideTooltip: String?
  /// `default-capshint=`: the Caps Lock warning.
  public var defaultCapsLockHint: String?
  /// `invisible-char=`: the character shown for each hidden one.
  public var invisibleCharacter: String?
  /// `allow-external-password-cache`.
  public var allowsExternalPasswordCache = false
  /// `formatted-passphrase`: show the passphrase in groups.
  public var formatsPassphrase = false
  /// `formatted-passphrase-hint=`.
  public var formattedPassphraseHint: String?
  /// `constraints-enforce`: the agent refuses passphrases that fail its
  /// constraints.
  public var enforcesConstraints = false
  /// `constraints-hint-short=`.
  public var constraintsHintShort: String?
  /// `constraints-hint-long=`.
  public var constraintsHintLong: String?
  /// `constraints-error-title=`.
  public var constraintsErrorTitle: String?

  /// No option set: grab on, everything else unset.
  public init() {}
}
