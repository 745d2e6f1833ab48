/// The ordinary mode's options, as `--help` lists them.
enum OrdinaryOptionTable {
  /// The options that only make sense with a username field.
  static let usernameOptions = [
    "username", "username-label", "username-min-length", "username-max-length",
    "username-pattern", "username-pattern-hint",
  ]

  static func declare(on table: OptionTable) {
    table.text("title", localized("Window title (default: “Log In”)"), placeholder: "TITLE")
    table.text("text", localized("Text above the fields"), placeholder: "TEXT")
    table.flag("text-markup", localized("Read --text as Pango markup"))
    table.text("username", localized("Prefill the username"), placeholder: "NAME")
    table.text("username-label", localized("Label of the username field"), placeholder: "LABEL")
    table.text("password-label", localized("Label of the password field"), placeholder: "LABEL")
    table.text("ok-label", localized("Label of the Done button"), placeholder: "LABEL")
    table.text("cancel-label", localized("Label of the Cancel button"), placeholder: "LABEL")
    table.flag("password-only", localized("Ask for the password alone"))
    table.flag("new-password", localized("Ask for the password twice"))
    table.text(
      "username-min-length", localized("Fewest characters in the username (default: 6)"),
      placeholder: "N")
    table.text(
      "password-min-length", localized("Fewest characters in the password (default: 7)"),
      placeholder: "N")
    table.text(
      "username-max-length", localized("Most characters in the username (default: 256)"),
      placeholder: "N")
    table.text(
      "password-max-length", localized("Most characters in the password (default: 256)"),
      placeholder: "N")
    table.text(
      "username-pattern",
      localized("Regular expression (PCRE) the whole username must match"), placeholder: "REGEX")
    table.text(
      "username-pattern-hint", localized("What to say when the pattern does not match"),
      placeholder: "TEXT")
    table.text(
      "separator", localized("Print “username SEP password” on one line"), placeholder: "SEP")
    table.flag("json", localized("Print {\"username\":…,\"password\":…} on one line"))
    table.text(
      "timeout", localized("Give up after SECONDS seconds unless typing has begun (exit status 5)"),
      placeholder: "SECONDS")
    table.text("width", localized("Width of the window in pixels"), placeholder: "PIXELS")
    table.text(
      "window-icon", localized("Icon name or image file for the window"), placeholder: "ICON")
    table.text(
      "attach", localized("Keep the window above this X window (X11 only)"), placeholder: "WINDOW")
    table.flag("modal", localized("Block the window given with --attach"))
    table.flag("keep-above", localized("Keep the window above all others"))
    table.flag("grab", localized("Hold the keyboard while the window is open (X11 only)"))
    table.flag("version", localized("Print the version and exit"))
  }
}
