import LoginFormPrompt

/// The environment variables the front end reads, read once when the
/// process starts, so that each decision sees the same value and the tests
/// can set any of them.
package struct LaunchEnvironment: Equatable, Sendable {
  /// `SSH_ASKPASS_PROMPT`: ssh's kind of question (`confirm`, `none`);
  /// set at all means ssh is asking.
  package var sshAskpassPrompt: String?
  /// `GIT_TERMINAL_PROMPT`: git's terminal prompts turned off or on.
  package var gitTerminalPrompt: String?
  /// `LOGIN_FORM_GRAB`: `0` leaves the keyboard ungrabbed.
  package var grab: String?
  /// `PINENTRY_USER_DATA`: free text from gpg's client; may ask for the
  /// terminal.
  package var pinentryUserData: String?
  /// `XDG_RUNTIME_DIR`: where notes between processes go.
  package var runtimeDirectory: String?
  /// `LOGIN_FORM_PARENT`: the window every prompt belongs to, in the
  /// portal's notation (`x11:XID`, `wayland:HANDLE`).
  package var parent: String?
  /// `PINENTRY_GEOM_HINT`: the window KDE's programs export for the
  /// pinentry their gpg starts (a percent-encoded xdg-foreign handle).
  package var geometryHint: String?
  /// `XDG_ACTIVATION_TOKEN`: the compositor's permission to take the
  /// keyboard, from the program that started this one (Wayland).
  package var activationToken: String?
  /// `DESKTOP_STARTUP_ID`: the same, by its older, X11 name.
  package var startupID: String?
  /// `LOGIN_FORM_DEBUG`: set and not `0`, the window says how it was
  /// placed and focused.
  package var debug: String?

  package init(
    sshAskpassPrompt: String? = nil, gitTerminalPrompt: String? = nil, grab: String? = nil,
    pinentryUserData: String? = nil, runtimeDirectory: String? = nil, parent: String? = nil,
    geometryHint: String? = nil, activationToken: String? = nil, startupID: String? = nil,
    debug: String? = nil
  ) {
    self.sshAskpassPrompt = sshAskpassPrompt
    self.gitTerminalPrompt = gitTerminalPrompt
    self.grab = grab
    self.pinentryUserData = pinentryUserData
    self.runtimeDirectory = runtimeDirectory
    self.parent = parent
    self.geometryHint = geometryHint
    self.activationToken = activationToken
    self.startupID = startupID
    self.debug = debug
  }

  /// The values `variable` gives for each name (the process's `getenv`),
  /// nil for those that are not set.
  package init(reading variable: (String) -> String?) {
    self.init(
      sshAskpassPrompt: variable("SSH_ASKPASS_PROMPT"),
      gitTerminalPrompt: variable("GIT_TERMINAL_PROMPT"), grab: variable("LOGIN_FORM_GRAB"),
      pinentryUserData: variable("PINENTRY_USER_DATA"),
      runtimeDirectory: variable("XDG_RUNTIME_DIR"), parent: variable("LOGIN_FORM_PARENT"),
      geometryHint: variable("PINENTRY_GEOM_HINT"),
      activationToken: variable("XDG_ACTIVATION_TOKEN"), startupID: variable("DESKTOP_STARTUP_ID"),
      debug: variable("LOGIN_FORM_DEBUG"))
  }

  /// The variables that carry an activation token, which nothing this
  /// process starts may inherit: a token is for one window.
  package static let activationVariables = ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"]

  /// The windows the environment names for every prompt to belong to:
  /// `LOGIN_FORM_PARENT`, then `PINENTRY_GEOM_HINT`. A value that names no
  /// window is left out (`windowParentWarnings` says so once).
  package var windowParents: [WindowParent] {
    [
      parent.flatMap { WindowParent(notation: $0, source: "LOGIN_FORM_PARENT") },
      geometryHint.flatMap(WindowParent.init(geometryHint:)),
    ].compactMap { $0 }
  }

  /// One line for each variable that is set but names no window: the
  /// prompt is still shown, only not attached.
  package var windowParentWarnings: [String] {
    var warnings: [String] = []
    if let parent, !parent.isEmpty, WindowParent(notation: parent, source: "") == nil {
      warnings.append(
        formatted(
          localized(
            "%s: \"%s\" is neither x11:WINDOW nor wayland:HANDLE; the prompt is shown on its own"),
          "LOGIN_FORM_PARENT", parent))
    }
    if let geometryHint, !geometryHint.isEmpty, WindowParent(geometryHint: geometryHint) == nil {
      warnings.append(
        formatted(
          localized("%s: \"%s\" holds no window handle; the prompt is shown on its own"),
          "PINENTRY_GEOM_HINT", geometryHint))
    }
    return warnings
  }

  /// The token that lets the window take the keyboard, if the program that
  /// started this one passed one: `XDG_ACTIVATION_TOKEN` first, Wayland's
  /// own name for it.
  package var activation: ActivationToken? {
    for (value, source) in [
      (activationToken, "XDG_ACTIVATION_TOKEN"), (startupID, "DESKTOP_STARTUP_ID"),
    ] {
      if let value, !value.isEmpty { return ActivationToken(value: value, source: source) }
    }
    return nil
  }

  /// Whether `LOGIN_FORM_DEBUG` asks for the window's placement lines.
  package var isDebugging: Bool { debug.map { !$0.isEmpty && $0 != "0" } ?? false }
}
