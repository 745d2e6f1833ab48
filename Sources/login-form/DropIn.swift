import CGtk
import LoginFormGtk
import LoginFormModel

/// What the drop-in modes (askpass, git, pinentry) share: they take no
/// options, so the little that can be tuned comes from the environment.
@MainActor enum DropIn {
  /// Window options for a drop-in prompt titled `title`. The keyboard is
  /// grabbed, as gnome-ssh-askpass and pinentry do, unless LOGIN_FORM_GRAB=0
  /// (askpass callers pass no options, so only the environment can say so).
  static func windowOptions(title: String) -> WindowOptions {
    var options = WindowOptions()
    options.title = title
    options.grabsKeyboard = g_getenv("LOGIN_FORM_GRAB").map { String(cString: $0) } != "0"
    return options
  }

  /// Rules for a secret whose length is the server's business: not empty,
  /// no controls, and no more than the caller can read (`maximumBytes`).
  static func rules(maximumBytes: Int?, maximumLength: Int = 1023) -> FormRules {
    // Cannot throw: 1 <= maximumLength, and the byte limit is positive.
    FormRules(
      username: try! FieldRules(
        minimumLength: 1, maximumLength: maximumLength, refusesInvisibleCharacters: true),
      password: try! FieldRules(
        minimumLength: 1, maximumLength: maximumLength, maximumBytes: maximumBytes))
  }

  /// Shows `description` and returns how it ended.
  static func ask(_ description: PromptDescription) -> PromptResult {
    PromptRunner.run { end in PromptWindow(description: description, onFinish: end) }
  }

  /// Shows `description` and returns how it ended.
  static func ask(_ description: QuestionDescription) -> PromptResult {
    PromptRunner.run { end in QuestionWindow(description: description, onFinish: end) }
  }

  /// Writes the answer `encode` makes (one that holds no secret), and
  /// exits 0.
  static func answer(_ encode: (inout LockedBuffer.Writer) -> Void) -> Never {
    guard let answer = LockedBuffer(encoding: encode) else {
      Standard.fail(localized("No locked memory is left for the answer"), status: .notDelivered)
    }
    Standard.deliver(answer)
    Standard.exit(.submitted)
  }
}
