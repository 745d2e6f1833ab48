/// A notice: something to know while another program waits for something
/// else (a touch on a security key, a PIN typed on a card reader's pinpad).
/// It asks nothing, so it takes neither the focus nor the keyboard: the
/// person may be typing elsewhere, and a key press must not close it.
/// The program that showed it ends it (SIGTERM, SIGINT, or the end of the
/// pinentry conversation); its one button only closes it early.
package struct NoticeDescription {
  /// A short line that says what to do ("Touch your security key"), shown
  /// as the notice's heading; nil for a notice that is only text.
  package var heading: String?
  /// What the notice is about; may hold newlines.
  package var text: String
  /// The one button, `_` before the mnemonic. It is never the default: a
  /// key press meant for another window must not close the notice.
  package var closeLabel: String
  /// Title and window hints; a notice never grabs the keyboard and never
  /// times out.
  package var options: PromptOptions

  /// A notice with `text` under `heading` and a button labelled `close`.
  package init(heading: String?, text: String, close: String, options: PromptOptions) {
    self.heading = heading
    self.text = text
    closeLabel = close
    var options = options
    options.grabsKeyboard = false
    options.timeoutSeconds = nil
    self.options = options
  }

  /// The title: the caller's, else "Notice".
  package var title: String { options.title ?? localized("Notice") }
}
