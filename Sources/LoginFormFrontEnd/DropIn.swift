import LoginFormModel
import LoginFormPrompt

/// What the drop-in modes (askpass, git, pinentry) share: they take no
/// options, so the little that can be tuned comes from the environment.
package enum DropIn {
  /// Options for a drop-in prompt titled `title`. The keyboard is grabbed,
  /// as gnome-ssh-askpass and pinentry do, unless the environment says
  /// `LOGIN_FORM_GRAB=0`, and the window belongs to the one the environment
  /// names, if any (askpass callers pass no options, so only the
  /// environment can say so).
  package static func options(title: String, environment: LaunchEnvironment) -> PromptOptions {
    var options = PromptOptions()
    options.title = title
    options.grabsKeyboard = environment.grab != "0"
    options.window.parents = environment.windowParents
    return options
  }

  /// `text` (a client's words) as label text: its underscores shown, not
  /// taken for mnemonics.
  package static func mnemonicEscaped(_ text: String) -> String {
    text.replacing("_", with: "__")
  }

  /// Rules for a secret whose length is the server's business: not empty,
  /// no controls, and no more than the caller can read (`maximumBytes`).
  package static func rules(maximumBytes: Int?, maximumLength: Int = 1023) -> FormRules {
    FormRules(
      username: FieldRules.unchecked(
        minimumLength: 1, maximumLength: maximumLength, refusesInvisibleCharacters: true),
      password: FieldRules.unchecked(
        minimumLength: 1, maximumLength: maximumLength, maximumBytes: maximumBytes))
  }
}

extension FieldRules {
  /// Rules whose bounds are constants of a protocol, known to be
  /// consistent: a failure here is a programming error.
  static func unchecked(
    minimumLength: Int, maximumLength: Int = FieldRules.defaultMaximumLength,
    maximumBytes: Int? = nil, refusesInvisibleCharacters: Bool = false
  ) -> FieldRules {
    do {
      return try FieldRules(
        minimumLength: minimumLength, maximumLength: maximumLength, maximumBytes: maximumBytes,
        refusesInvisibleCharacters: refusesInvisibleCharacters)
    } catch {
      preconditionFailure("inconsistent built-in rules: \(error)")
    }
  }
}
