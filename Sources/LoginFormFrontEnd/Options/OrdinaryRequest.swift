import LoginFormModel
import LoginFormPrompt

/// What the ordinary mode's command line asked for, checked.
///
/// There is deliberately no option that takes a password: argv is visible
/// to every user of the machine.
package struct OrdinaryRequest {
  /// The form to show.
  package var form: FormDescription
  /// How to write what the form collected.
  package var output: OutputFormat
  /// Whether to print the version and exit.
  package var showsVersion: Bool
  /// Whether `--tty` asked for the terminal rather than a window.
  package var usesTerminal = false
  /// Whether `--grab` was asked for (the front end warns where it cannot be
  /// had).
  package var asksForGrab: Bool { form.options.grabsKeyboard }
}
