import LoginFormModel

/// What an askpass program must ask, worked out from its one argument and
/// `SSH_ASKPASS_PROMPT`.
///
/// ssh, ssh-add, ssh-agent, `sudo -A` and git all run the program as
/// `[program, prompt]` and read the first line of its standard output.
package struct AskpassRequest: Hashable, Sendable {
  /// The prompt exactly as the caller wrote it, real newlines included: the
  /// text to show.
  package let prompt: String
  /// What to ask.
  package let question: AskpassQuestion
  /// Who probably asks, to title the window.
  package let client: AskpassClient
  /// The security key or token the prompt is about, if it names one.
  package let device: AskpassDevice?
  /// What a touch is for, when ssh says so: the presence notice's second
  /// line ("public key authentication request for user …").
  package let purpose: String?

  /// The most bytes the caller reads of the answer, if it has a limit: ssh
  /// reads at most 1023 bytes and sudo one line of at most 1023 characters.
  /// The window must enforce it as a live rule (`FieldRules.maximumBytes`),
  /// never by cutting the value. Unknown callers get the same limit, the
  /// common denominator; git reads any length.
  package var maximumAnswerBytes: Int? {
    guard case .entry = question, client != .git else { return nil }
    return Self.readLimit
  }

  /// The limit of ssh's and sudo's reads.
  package static let readLimit = 1023

  /// The fields of the window, for an entry; nil for the button-only
  /// questions.
  package var shape: FormShape? {
    guard case .entry(let field) = question else { return nil }
    return field.isSecret ? .passwordOnly : .usernameOnly
  }

  /// Classifies `prompt` (argv[1]) given the value of `SSH_ASKPASS_PROMPT`
  /// (nil when unset). `confirm` and `none` are compared without regard to
  /// case, as gnome-ssh-askpass does; any other value asks for a secret.
  package init(prompt: String, promptMode: String?) {
    self.prompt = prompt
    var device: AskpassDevice?
    var purpose: String?
    switch promptMode.map({ $0.lowercased() }) {
    case "confirm":
      (question, client) = (.confirmation, .ssh)
    case "none":
      if let presence = Self.presence(in: prompt) {
        (question, client, device, purpose) = (.presence, .ssh, presence.device, presence.purpose)
      } else {
        (question, client) = (.notification, .ssh)
      }
    default:
      if let (field, named) = Self.securityPrompt(prompt) {
        (question, client, device) = (.entry(field), .ssh, named)
      } else {
        (question, client) = Self.classify(prompt)
      }
    }
    self.device = device
    self.purpose = purpose
  }

  private static func classify(_ prompt: String) -> (AskpassQuestion, AskpassClient) {
    // ssh ends its questions with "? " and its prompts with ": ".
    let text = prompt.reversed().drop(while: \.isWhitespace).reversed()
    let trimmed = String(text)
    if trimmed.hasSuffix("(yes/no/[fingerprint])?") || trimmed.hasSuffix("(yes/no)?") {
      return (.yesNo, .ssh)
    }
    if prompt.hasPrefix("Username for '") { return (.entry(.username), .git) }
    if prompt.hasPrefix("Password for '") { return (.entry(.password), .git) }
    // sudo's prompt starts with "[sudo] " in every translation.
    if prompt.hasPrefix("[sudo] ") { return (.entry(.password), .sudo) }
    let field = secretField(of: prompt)
    return (.entry(field), isSSH(prompt, trimmed: trimmed) ? .ssh : .unknown)
  }

  /// Passphrase when the prompt says so, PIN when it names one, else
  /// password.
  private static func secretField(of prompt: String) -> AskpassField {
    if prompt.lowercased().contains("passphrase") { return .passphrase }
    let words = prompt.split { !$0.isLetter }
    if words.contains("PIN") { return .pin }
    return .password
  }

  private static func isSSH(_ prompt: String, trimmed: String) -> Bool {
    let prefixes = ["Enter passphrase", "Bad passphrase", "Enter PIN for ", "Allow use of key "]
    return prefixes.contains { prompt.hasPrefix($0) }
      || prompt.contains("(will confirm each use)")
      || trimmed.hasSuffix("'s password:")
  }
}
