import Glibc
import LoginFormLockedMemory
import LoginFormMainLoop
import LoginFormModel
import LoginFormPrompt

/// What the other program (gpg-agent) adds to a form on the terminal, as
/// it does to a window: its verdict on the password, its rating, and a
/// generated passphrase on request.
extension TerminalForm: FormSurface {
  /// Shows the client's rating of the password, from -100 to 100, in
  /// words on the line it is typed on.
  package func showQuality(_ value: Int) {
    guard result == nil else { return }
    quality = model.withSecretUTF8(.password) { $0.isEmpty } ? nil : value
    if fields[current] == .password { drawPrompt(onNewLine: false) }
  }

  /// Takes the checker's verdict on the password now in the field; an
  /// Enter that waited for it goes on.
  package func show(_ verdict: ExternalVerdict) {
    guard result == nil, externalCheck != nil else { return }
    externalCheck?.receive(verdict)
    if enterAwaitsVerdict {
      enterAwaitsVerdict = false
      enter()
    }
  }

  /// Puts the generated `password` in the password field and its repeat,
  /// shows it on a line of its own so that it can be copied, and asks the
  /// password again, where Enter takes it. A passphrase the terminal
  /// cannot show as it is (anything but printable ASCII) is not taken: the
  /// user could never type it again.
  package func fill(password: LockedCString) {
    guard result == nil, let index = fields.firstIndex(of: .password) else { return }
    clearSecrets(from: .password)
    let bytes = UnsafeBufferPointer(
      start: UnsafeRawPointer(password.cString).assumingMemoryBound(to: UInt8.self),
      count: strlen(password.cString))
    let label = TerminalText.line(localized("Suggested passphrase:")) + " "
    guard frame.writeLine(label, secret: bytes) else {
      frame.writeLines([
        TerminalLayout.message(localized("The suggestion cannot be shown on this terminal"))
      ])
      current = index
      return drawPrompt(onNewLine: false)
    }
    for field in [Field.password, .passwordRepeat] {
      guard let input = inputs[field] else { continue }
      guard input.append(utf8: bytes) else { return askAgain(from: .password) }
      model.update(field, from: input)
    }
    suggestionStands = true
    current = index
    passwordChanged()
    drawPrompt(onNewLine: false)
  }

  /// The password changed: its verdict is awaited again, an Enter that
  /// waited is void, and whoever rates or checks it is told.
  func passwordChanged() {
    let isEmpty = model.withSecretUTF8(.password) { $0.isEmpty }
    externalCheck?.valueChanged(isEmpty: isEmpty)
    enterAwaitsVerdict = false
    if isEmpty { quality = nil }
    onPasswordChange?()
  }

  /// Why the checker holds the password back, when it does; nil when it
  /// lets it through or there is none.
  var refusalOfPassword: String? {
    guard let check = externalCheck, !check.allowsSubmit else { return nil }
    return check.shownRefusal?.message ?? description.externalCheck?.refusalTitle
      // TRANSLATORS: on the terminal, when gpg-agent refuses the passphrase and gives no reason.
      ?? localized("Not accepted")
  }

  /// Tab: asks for a generated passphrase where the form offers one.
  func suggest() {
    guard description.generateButton != nil, let onGenerate,
      [Field.password, .passwordRepeat].contains(fields[current])
    else { return frame.terminal.bell() }
    onGenerate()
  }

  /// Takes the suggestion out of both fields and asks the password anew.
  func dropSuggestion() {
    clearSecrets(from: .password)
    if let index = fields.firstIndex(of: .password) { current = index }
    drawPrompt(onNewLine: false)
  }
}
