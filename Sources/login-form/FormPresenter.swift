import LoginFormGtk
import LoginFormMainLoop
import LoginFormModel
import LoginFormTerminal

/// A form's presenter as the pinentry server sees it, whether a window or
/// the terminal shows it: the model it reads the password from to have it
/// rated, and where the rating goes.
@MainActor protocol FormPresenter: PromptSurface {
  /// The form being filled in.
  var model: LoginForm { get }
  /// Called after each change of the password.
  var onPasswordChange: (() -> Void)? { get set }
  /// Shows the agent's rating of the password, from -100 to 100.
  func showQuality(_ value: Int)
}

extension FormWindow: FormPresenter {}

extension TerminalForm: FormPresenter {}
