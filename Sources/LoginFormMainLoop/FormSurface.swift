import LoginFormLockedMemory
import LoginFormModel
import LoginFormPrompt

/// A form's presenter, a window or the terminal, as a conversation with
/// another program drives it while it is open (gpg-agent checks and rates
/// the password as it is typed, and may generate one). Each presenter
/// implements all of it for what its `FormCapabilities` name; the request
/// it is handed was shaped to them, so a part it was not given stays off.
@MainActor package protocol FormSurface: PromptSurface {
  /// The form being filled in: where the password is read in place.
  var model: LoginForm { get }
  /// Called after each change of the password, to have it checked and
  /// rated.
  var onPasswordChange: (() -> Void)? { get set }
  /// Called when the user asks for a generated password.
  var onGenerate: (() -> Void)? { get set }
  /// Shows the other program's rating of the password, from -100 to 100.
  func showQuality(_ value: Int)
  /// Shows the other program's verdict on the password now in the field.
  func show(_ verdict: ExternalVerdict)
  /// Puts a generated `password` in the password field and its repeat,
  /// and shows it so that it can be copied.
  func fill(password: LockedCString)
}
