import LoginFormModel

/// Everything a form prompt shows and enforces: the one description each
/// front end (the ordinary options, askpass, git, pinentry) fills in, and
/// the only thing a presenter knows of them.
package struct FormDescription {
  /// Which fields the form has.
  package var shape: FormShape
  /// The rules the fields must satisfy.
  package var rules: FormRules
  /// Text above the fields (a prompt, a description); may hold newlines.
  package var text: String?
  /// Whether `text` is Pango markup rather than plain text.
  package var textIsMarkup = false
  /// An error to show prominently above the fields (pinentry's SETERROR:
  /// "Bad Passphrase (try 2 of 3)").
  package var error: String?
  /// A username to start with.
  package var username = ""
  /// Label of the username field, `_` before the mnemonic.
  package var usernameLabel = localized("_Username")
  /// Label of the password field.
  package var passwordLabel = localized("_Password")
  /// Label of the repeated password.
  package var repeatLabel = localized("_Repeat")
  /// What to say when the repeat differs; nil for the default wording.
  package var mismatchText: String?
  /// What to say once the repeat matches (pinentry's SETREPEATOK); nil
  /// for nothing.
  package var matchText: String?
  /// The password's rule as its checker words it, said before typing in
  /// place of the length requirement (gpg-agent's constraints hint).
  package var passwordRequirement: String?
  /// The same rule at length, for the password's tooltip.
  package var passwordRequirementDetails: String?
  /// What the password field shows of what is typed.
  package var passwordEcho = PasswordEcho.masked
  /// A check of the password by another program that must accept it
  /// before the affirmative button is sensitive (gpg-agent's CHECKPIN).
  package var externalCheck: ExternalCheck?
  /// The affirmative button's label.
  package var okLabel = localized("_Done")
  /// The cancel button's label.
  package var cancelLabel = localized("_Cancel")
  /// A strength meter under the password, fed by the front end.
  package var qualityBar: Control?
  /// A button that asks the front end for a generated password, which the
  /// presenter then puts in both fields.
  package var generateButton: Control?
  /// "Save in password manager": offered only when set, never ticked at
  /// first; the user's choice comes back in `SubmittedForm.remembers`.
  package var rememberOffer: RememberOffer?
  /// Whether the form is one side of another program's conversation (PAM's,
  /// through polkit): it waits, with nothing to type, until the front end
  /// asks, and Done hands what was typed over without ending it. Only a
  /// presenter with `FormCapabilities.conversation` is given one.
  package var isConversation = false
  /// A choice above the fields, such as whose password a polkit request
  /// takes when several would do; a conversation's presenter offers it.
  package var choice: Choice?
  /// What the user may unfold to see under the text (polkit's action id),
  /// one fact a line.
  package var details: String?
  /// Title, timeout, grab and window hints.
  package var options = PromptOptions()

  /// A description of `shape` judged by `rules`, with every other part at
  /// its default.
  package init(shape: FormShape = .usernameAndPassword, rules: FormRules = FormRules()) {
    self.shape = shape
    self.rules = rules
  }

  /// The title: the caller's, else "Log In".
  package var title: String { options.title ?? localized("Log In") }

  /// The label of `field`, `_` before its mnemonic.
  package func label(of field: Field) -> String {
    switch field {
    case .username: usernameLabel
    case .password: passwordLabel
    case .passwordRepeat: repeatLabel
    }
  }

  /// A choice of one among `options`, `selected` at first.
  package struct Choice: Equatable {
    /// Its label, `_` before the mnemonic.
    package var label: String
    package var options: [String]
    package var selected: Int

    package init(label: String, options: [String], selected: Int) {
      self.label = label
      self.options = options
      self.selected = selected
    }
  }

  /// A labelled extra under the fields: the quality bar, the generate
  /// button.
  package struct Control {
    /// Its label; `_` before a button's mnemonic.
    package var label: String
    /// Its tooltip, if any.
    package var tooltip: String?

    /// A control labelled `label`.
    package init(label: String, tooltip: String? = nil) {
      self.label = label
      self.tooltip = tooltip
    }
  }
}
