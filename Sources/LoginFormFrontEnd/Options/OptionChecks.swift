import LoginFormModel

/// The checks of option values that need a library the core does without:
/// GRegex compiles patterns, Pango parses markup, GdkPixbuf loads icons.
/// The executable supplies GLib's; tests supply their own.
package struct OptionChecks {
  /// Compiles a username pattern with its hint, or says why it is not one.
  package var compilePattern:
    (_ source: String, _ hint: String?) -> Result<UsernamePattern, Problem>
  /// Why `text` is not valid Pango markup, or nil when it is.
  package var markupProblem: (_ text: String) -> Problem?
  /// Why the image file at `path` cannot be used as an icon, or nil.
  package var iconProblem: (_ path: String) -> Problem?

  /// Checks made by these functions.
  package init(
    compilePattern: @escaping (String, String?) -> Result<UsernamePattern, Problem>,
    markupProblem: @escaping (String) -> Problem?,
    iconProblem: @escaping (String) -> Problem?
  ) {
    self.compilePattern = compilePattern
    self.markupProblem = markupProblem
    self.iconProblem = iconProblem
  }

  /// What a check found wrong, in the library's words.
  package struct Problem: Error, Equatable {
    /// One line: the library's message.
    package let reason: String

    package init(_ reason: String) {
      self.reason = reason
    }
  }
}
