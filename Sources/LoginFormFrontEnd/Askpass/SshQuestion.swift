import LoginFormPrompt
import LoginFormProtocols

/// ssh's questions as windows: each "yes" trusts a host or allows a key's
/// use, so none has a default button and the focus starts on the safe
/// answer (`QuestionDescription.yesGrants`).
enum SshQuestion {
  /// The unknown-host-key question: the host as the heading, the key's type
  /// and fingerprint on a line of their own, ssh's other remarks, and an
  /// entry where the user may paste the fingerprint they were given. The
  /// terminal's "(yes/no/[fingerprint])?" goes; "_Cancel" and "C_onnect"
  /// replace it.
  static func hostKey(_ parsed: SshHostKeyPrompt, options: PromptOptions) -> QuestionDescription {
    var question = QuestionDescription(
      text: ([
        localized(
          "This host’s key is not known yet. Connect only if its fingerprint is the one you expect."
        )
      ]
        + parsed.notes).joined(separator: "\n"),
      yes: localized("C_onnect"), no: localized("_Cancel"), options: options)
    let host = parsed.address.map { "\(parsed.host) (\($0))" } ?? parsed.host
    // TRANSLATORS: %s is a host name; the question of an ssh host key that is not known yet.
    question.heading = formatted(localized("Connect to %s?"), host)
    question.detail = ([parsed.keyType + " " + parsed.fingerprint.text] + parsed.randomArt)
      .joined(separator: "\n")
    let fingerprint = parsed.fingerprint
    question.expectedAnswer = ExpectedAnswer(
      label: localized("Or _paste the fingerprint you expect"),
      matchText: localized("Matches the fingerprint the server sent"),
      mismatchText: localized("Does not match the fingerprint the server sent")
    ) { typed in
      switch fingerprint.compare(typed) {
      case .empty: .empty
      case .start: .partial
      case .same: .matches
      case .different: .differs
      }
    }
    question.options.title = localized("Verify Host Key")
    return displayable(question)
  }

  /// Any other yes/no question of ssh's (a host key that differs from the
  /// one known for its address): ssh's words without the terminal's
  /// "(yes/no)?" line.
  static func yesNo(_ prompt: String, options: PromptOptions) -> QuestionDescription {
    var lines = prompt.split(separator: "\n", omittingEmptySubsequences: false)
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    if let last = lines.last, last.hasSuffix("(yes/no)? ") || last.hasSuffix("(yes/no)?"),
      lines.count > 1
    {
      lines.removeLast()
    }
    var question = QuestionDescription(
      text: lines.joined(separator: "\n"), yes: localized("C_onnect"), no: localized("_Cancel"),
      options: options)
    question.heading = localized("Connect anyway?")
    return displayable(question)
  }

  /// ssh-agent's "Allow use of key NAME?\nKey fingerprint SHA256:…." (and
  /// ssh's other `SSH_ASKPASS_PROMPT=confirm` questions, "Allow shared
  /// connection to HOST? "): the question as the heading, a fingerprint on
  /// its line, "_Deny" and "_Allow".
  static func confirmation(_ prompt: String, options: PromptOptions) -> QuestionDescription {
    var lines = prompt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
    var question = QuestionDescription(
      text: "", yes: localized("_Allow"), no: localized("_Deny"), options: options)
    guard let first = lines.first, first.hasSuffix("?") || first.hasSuffix("? ") else {
      question.text = prompt
      return displayable(question)
    }
    question.heading = AskpassWording.withoutClosingColon(first)
    var rest = Array(lines.dropFirst())
    let opening = "Key fingerprint "
    if let index = rest.firstIndex(where: { $0.hasPrefix(opening) }) {
      var print = rest.remove(at: index).dropFirst(opening.count)
      if print.hasSuffix(".") { print.removeLast() }
      question.detail = String(print)
      if first.hasPrefix("Allow use of key ") {
        question.options.title = localized("Allow Use of SSH Key")
      }
    }
    question.text = rest.joined(separator: "\n")
    return displayable(question)
  }

  /// `question` with ssh's words in it (a host name, a key's comment, the
  /// fingerprint's art) made safe to show: see `ClientText`.
  private static func displayable(_ question: QuestionDescription) -> QuestionDescription {
    var shown = question
    shown.text = ClientText.displayable(question.text)
    shown.heading = question.heading.map(ClientText.displayableLine)
    // The detail (a key's type and fingerprint, its art) is there to be
    // read closely and copied, so plain ASCII stays exactly as ssh wrote it.
    shown.detail = question.detail.map { detail in
      detail.unicodeScalars.allSatisfy { $0 == "\n" || (0x20...0x7E).contains($0.value) }
        ? detail : ClientText.displayable(detail)
    }
    return shown
  }
}
