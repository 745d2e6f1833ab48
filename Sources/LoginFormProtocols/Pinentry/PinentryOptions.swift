/// The `OPTION`s gpg-agent sends once after the greeting. They survive
/// `RESET` and every request. Values are as sent; the `constraints-*` texts
/// and `formatted-passphrase-hint` are percent-decoded, as pinentry does.
package struct PinentryOptions: Hashable, Sendable {
  /// `grab` / `no-grab`: grab the keyboard while asking (the default).
  package var grabsKeyboard = true
  /// `display=`, also given as `--display` on the command line.
  package var display: String?
  /// `ttyname=`.
  package var ttyName: String?
  /// `ttytype=`.
  package var ttyType: String?
  /// `ttyalert=`.
  package var ttyAlert: String?
  /// `lc-ctype=`: the client's character set locale.
  package var lcCtype: String?
  /// `lc-messages=`: the client's language.
  package var lcMessages: String?
  /// `owner=PID[/UID] HOST`: who asks, for a title when none is set.
  package var owner: String?
  /// `parent-wid=`: the window to be transient for.
  package var parentWindow: String?
  /// `touch-file=`: a file to touch after the window closes.
  package var touchFile: String?
  /// `default-ok=`: the OK label when no `SETOK` came (`_` marks the
  /// mnemonic).
  package var defaultOK: String?
  /// `default-cancel=`: the Cancel label when no `SETCANCEL` came.
  package var defaultCancel: String?
  /// `default-yes=`.
  package var defaultYes: String?
  /// `default-no=`.
  package var defaultNo: String?
  /// `default-prompt=`: the prompt when no `SETPROMPT` came.
  package var defaultPrompt: String?
  /// `default-pwmngr=`: the label of "save in password manager".
  package var defaultPasswordManager: String?
  /// `default-cf-visi=`: the question before showing the passphrase.
  package var defaultConfirmVisibility: String?
  /// `default-tt-visi=`: the tooltip of "show passphrase".
  package var defaultShowTooltip: String?
  /// `default-tt-hide=`: the tooltip of "hide passphrase".
  package var defaultHideTooltip: String?
  /// `default-capshint=`: the Caps Lock warning.
  package var defaultCapsLockHint: String?
  /// `invisible-char=`: the character shown for each hidden one.
  package var invisibleCharacter: String?
  /// `allow-external-password-cache`.
  package var allowsExternalPasswordCache = false
  /// `formatted-passphrase`: show the passphrase in groups.
  package var formatsPassphrase = false
  /// `formatted-passphrase-hint=`.
  package var formattedPassphraseHint: String?
  /// `constraints-enforce`: the agent refuses passphrases that fail its
  /// constraints.
  package var enforcesConstraints = false
  /// `constraints-hint-short=`.
  package var constraintsHintShort: String?
  /// `constraints-hint-long=`.
  package var constraintsHintLong: String?
  /// `constraints-error-title=`.
  package var constraintsErrorTitle: String?

  /// No option set: grab on, everything else unset.
  package init() {}
}
