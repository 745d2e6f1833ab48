import LoginFormPrompt

/// The ordinary mode's options, as `--help` lists them.
package enum OrdinaryOptionTable {
  /// The line that heads `--help`.
  package static var summary: String {
    localized("Ask for a username and a password and print them when they are valid.")
  }

  /// What `--help` says after the options: the output, and the other ways
  /// the program can be called.
  package static var description: String {
    [
      localized(
        "Prints the username and the password on two lines (see --separator and --json), and exits 0; Cancel exits 1, a timeout 5."
      ),
      "",
      localized("Drop-in modes, chosen by how login-form is called:"),
      "  "
        + localized(
          "login-form PROMPT                askpass for ssh, sudo -A and git: prints the secret alone"
        ),
      "  "
        + localized(
          "git-credential-login-form get    git credential helper (credential.helper=login-form)"),
      "  "
        + localized("pinentry-login-form              pinentry for gpg-agent (pinentry-program)"),
      "",
      localized("See login-form(1)."),
    ].joined(separator: "\n")
  }

  /// The options that only make sense with a username field.
  static let usernameOptions = [
    "username", "username-label", "username-min-length", "username-max-length",
    "username-pattern", "username-pattern-hint",
  ]

  /// Every option, in `--help` order.
  package static var declarations: [OptionDeclaration] {
    [
      .text("title", localized("Window title (default: “Log In”)"), placeholder: "TITLE"),
      .text("text", localized("Text above the fields"), placeholder: "TEXT"),
      .flag("text-markup", localized("Read --text as Pango markup")),
      .text("username", localized("Prefill the username"), placeholder: "NAME"),
      .text("username-label", localized("Label of the username field"), placeholder: "LABEL"),
      .text("password-label", localized("Label of the password field"), placeholder: "LABEL"),
      .text("ok-label", localized("Label of the Done button"), placeholder: "LABEL"),
      .text("cancel-label", localized("Label of the Cancel button"), placeholder: "LABEL"),
      .flag("password-only", localized("Ask for the password alone")),
      .flag("new-password", localized("Ask for the password twice")),
      .text(
        "username-min-length", localized("Fewest characters in the username (default: 6)"),
        placeholder: "N"),
      .text(
        "password-min-length", localized("Fewest characters in the password (default: 7)"),
        placeholder: "N"),
      .text(
        "username-max-length", localized("Most characters in the username (default: 256)"),
        placeholder: "N"),
      .text(
        "password-max-length", localized("Most characters in the password (default: 256)"),
        placeholder: "N"),
      .text(
        "username-pattern",
        localized("Regular expression (PCRE) the whole username must match"),
        placeholder: "REGEX"),
      .text(
        "username-pattern-hint", localized("What to say when the pattern does not match"),
        placeholder: "TEXT"),
      .text(
        "separator", localized("Print “username SEP password” on one line"), placeholder: "SEP"),
      .flag("json", localized("Print {\"username\":…,\"password\":…} on one line")),
      .text(
        "timeout",
        localized("Give up after SECONDS seconds unless typing has begun (exit status 5)"),
        placeholder: "SECONDS"),
      .text("width", localized("Width of the window in pixels"), placeholder: "PIXELS"),
      .text(
        "window-icon", localized("Icon name or image file for the window"), placeholder: "ICON"),
      .text(
        "parent",
        localized("Keep the window above this window: x11:XID or wayland:HANDLE (xdg-foreign)"),
        placeholder: "WINDOW"),
      .text(
        "attach", localized("Keep the window above this X window (as --parent=x11:XID)"),
        placeholder: "XID"),
      .flag("modal", localized("Block the window given with --parent or --attach")),
      .flag("keep-above", localized("Keep the window above all others")),
      .flag("grab", localized("Hold the keyboard while the window is open (X11 only)")),
      .flag("tty", localized("Ask on the terminal instead of in a window")),
      .flag("version", localized("Print the version and exit")),
    ]
  }
}
