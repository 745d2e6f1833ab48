/// What a form's presenter can show of a conversation with another program
/// (gpg-agent) beyond the form itself. A presenter declares them, and the
/// request is shaped to them (`Prompt.shaped(for:)`), so that no presenter
/// is handed a feature it would silently drop.
package struct FormCapabilities: OptionSet, Hashable, Sendable {
  package let rawValue: Int

  package init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The other program's verdict on the password as it is typed, which
  /// holds submitting back until it accepts (`FormDescription.externalCheck`).
  package static let externalCheck = FormCapabilities(rawValue: 1 << 0)
  /// The other program's rating of the password (`FormDescription.qualityBar`).
  package static let quality = FormCapabilities(rawValue: 1 << 1)
  /// A generated password on request, put in both fields and shown so it
  /// can be copied (`FormDescription.generateButton`).
  package static let generate = FormCapabilities(rawValue: 1 << 2)

  /// A conversation (`FormDescription.isConversation`): the form stays
  /// after Done, and asks again as the other program says. A window only:
  /// a request that needs it is never shaped down to a form without it.
  package static let conversation = FormCapabilities(rawValue: 1 << 3)

  /// Everything a window and the terminal can each show.
  package static let all: FormCapabilities = [.externalCheck, .quality, .generate]
}

extension Prompt {
  /// The prompt without what a presenter with `capabilities` cannot show:
  /// a form loses the check, rating or generate button it has no way to
  /// present. Questions and notices need none.
  package func shaped(for capabilities: FormCapabilities) -> Prompt {
    guard case .form(var form) = self else { return self }
    if !capabilities.contains(.externalCheck) { form.externalCheck = nil }
    if !capabilities.contains(.quality) { form.qualityBar = nil }
    if !capabilities.contains(.generate) { form.generateButton = nil }
    return .form(form)
  }
}
