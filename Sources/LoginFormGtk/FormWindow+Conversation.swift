import CGtk
import LoginFormMainLoop
import LoginFormModel
import LoginFormPrompt

/// The window's side of a conversation (`ConversationSurface`): it waits
/// while the other program judges what was typed, and asks again in place,
/// so that a wrong password costs no new window and no lost focus.
extension FormWindow: ConversationSurface {
  /// Nothing can be typed or submitted until `ask`.
  func wait() {
    isWaiting = true
    updateEntries()
    updateDone()
  }

  package func ask(label: String, echo: PasswordEcho, error: String?) {
    guard result == nil, model.shape.contains(.password) else { return }
    let password = row(.password)
    password.relabel(label)
    // Emptied first: the edit this makes is not the user's, so the field
    // starts over after it.
    gtk_entry_set_text(lf_entry(password.entry), "")
    model.startOver()
    aids[.password]?.showRevealed(echo == .shownAtFirst)
    isWaiting = false
    updateEntries()
    password.showCallerError(error)
    updateDone()
    focusFirstNeedingField()
  }

  package func say(_ text: String?) {
    guard let line = layout.conversationLine else { return }
    gtk_label_set_text(lf_label(line), text ?? "")
    gtk_widget_set_visible(line, (text != nil).gboolean)
  }
}
