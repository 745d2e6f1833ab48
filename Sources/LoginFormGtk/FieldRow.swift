import CGtk
import CSecretEntry
import LoginFormModel
import LoginFormPrompt

/// One field of the form: its mnemonic label, its entry, and the message line
/// under the entry, which says what the field needs before anything is
/// typed (`FieldMessage`).
///
/// The message line keeps the height of the longest message the field can
/// show, whatever it shows now, so that nothing moves while the user types
/// (see `reserveMessageArea(width:)`). The message is also the entry's
/// accessible description.
@MainActor final class FieldRow {
  let field: Field
  let label: UnsafeMutablePointer<GtkWidget>
  let entry: UnsafeMutablePointer<GtkWidget>
  let messageLine: UnsafeMutablePointer<GtkWidget>
  let messageIcon: UnsafeMutablePointer<GtkWidget>
  let messageLabel: UnsafeMutablePointer<GtkWidget>
  /// The secret's reader, for secret fields.
  let secret: EntrySecret?
  private var source: FieldMessage.Source
  private var feedback: FieldFeedback?
  private var refusal: FieldMessage.Refusal?
  private var isSettled = false
  private var isCapsLockOn = false
  /// Every text the message line can show but a checker's refusal.
  private let everyLine: [String]

  /// Builds the widgets; `mnemonicLabel` has an underscore before its
  /// mnemonic, `message` says what the line shows besides the model's
  /// feedback. Secret fields get a locked, hardened entry.
  init(field: Field, mnemonicLabel: String, rules: FieldRules, message: FieldMessage.Source) {
    self.field = field
    source = message
    everyLine = message.everyLine(of: field, rules: rules)
    label = gtk_label_new_with_mnemonic(mnemonicLabel)
    entry = field.isSecret ? lf_secret_entry_new() : gtk_entry_new()
    secret = field.isSecret ? EntrySecret(entry: entry) : nil
    messageLine = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
    messageIcon = gtk_image_new()
    messageLabel = gtk_label_new(nil)

    gtk_widget_set_halign(label, GTK_ALIGN_END)
    gtk_label_set_mnemonic_widget(lf_label(label), entry)
    gtk_widget_set_hexpand(entry, true.gboolean)
    gtk_entry_set_max_length(lf_entry(entry), Int32(rules.capacity))
    // The entry's accessible name is its label without the mnemonic mark.
    atk_object_set_name(
      gtk_widget_get_accessible(entry), String(borrowing: gtk_label_get_text(lf_label(label))))

    gtk_image_set_pixel_size(lf_image(messageIcon), 16)
    // Its room is kept while it is empty, so the text beside it never moves.
    gtk_widget_set_size_request(messageIcon, 16, 16)
    // The icon repeats what the message says, and the message is the entry's
    // accessible description already: screen readers should skip it.
    atk_object_set_role(gtk_widget_get_accessible(messageIcon), ATK_ROLE_REDUNDANT_OBJECT)
    gtk_label_set_xalign(lf_label(messageLabel), 0)
    // A short message sits at the top of the room kept for a long one,
    // right under its entry.
    gtk_label_set_yalign(lf_label(messageLabel), 0)
    gtk_label_set_line_wrap(lf_label(messageLabel), true.gboolean)
    gtk_label_set_line_wrap_mode(lf_label(messageLabel), PANGO_WRAP_WORD_CHAR)
    // Its minimum width must not widen the window: a wrapping label asks
    // for its longest word unless told otherwise.
    gtk_label_set_width_chars(lf_label(messageLabel), 1)
    gtk_label_set_max_width_chars(lf_label(messageLabel), 1)
    gtk_widget_set_hexpand(messageLabel, true.gboolean)
    // The icon sits by the first line of a wrapped message.
    gtk_widget_set_valign(messageIcon, GTK_ALIGN_START)
    setStyleClass("field-message", on: messageLine, true)
    gtk_box_pack_start(lf_box(messageLine), messageIcon, false.gboolean, false.gboolean, 0)
    gtk_box_pack_start(lf_box(messageLine), messageLabel, true.gboolean, true.gboolean, 0)
  }

  /// Places the label and entry on `row` of `grid`, and the message on
  /// `messageRow` under them.
  func attach(to grid: UnsafeMutablePointer<GtkWidget>, row: Int32, messageRow: Int32) {
    gtk_grid_attach(lf_grid(grid), label, 0, row, 1, 1)
    gtk_grid_attach(lf_grid(grid), entry, 1, row, 1, 1)
    gtk_grid_attach(lf_grid(grid), messageLine, 1, messageRow, 1, 1)
  }

  /// Keeps room for the longest message the field can show at `width`
  /// (the message line's width in the window at its narrowest), even while
  /// the line is empty, so that no message moves the rows under it. A
  /// checker's refusal, unknown beforehand, gets three lines (gpg-agent's
  /// two usual reasons together, in English or German) and is cut there if
  /// longer: its whole is the tooltip and the entry's accessible
  /// description. Call once the row is in its window, when the label has
  /// its final font and scale.
  func reserveMessageArea(width: Int32) {
    // A hidden widget asks for no room at all.
    gtk_widget_show_all(messageLine)
    gtk_image_set_from_icon_name(lf_image(messageIcon), "dialog-error-symbolic", GTK_ICON_SIZE_MENU)
    func height(_ text: String) -> Int32 {
      gtk_label_set_text(lf_label(messageLabel), text)
      var height: Int32 = 0
      gtk_widget_get_preferred_height_for_width(messageLine, width, &height, nil)
      return height
    }
    func lines(_ count: Int) -> String {
      Array(repeating: "Xy", count: count).joined(separator: "\n")
    }
    var tallest = everyLine.map(height).max() ?? 0
    tallest = max(tallest, height(lines(source.mayBeRefused ? 3 : 1)))
    // The line count that fills that height, past which a text is cut
    // rather than let grow.
    var count = 1
    while count < 20, height(lines(count)) < tallest { count += 1 }
    gtk_label_set_lines(lf_label(messageLabel), Int32(count))
    gtk_label_set_ellipsize(lf_label(messageLabel), PANGO_ELLIPSIZE_END)
    gtk_widget_set_size_request(messageLine, -1, tallest)
    gtk_label_set_text(lf_label(messageLabel), "")
    gtk_image_clear(lf_image(messageIcon))
  }

  /// Shows the model's `feedback` (a neutral hint, or an error: error
  /// icon, error style on the entry, text in the normal colour for full
  /// contrast), else the checker's `refusal`, an error once the field
  /// `isSettled`; without either, what `FieldMessage.Source` says.
  func show(
    _ feedback: FieldFeedback?, refusal: FieldMessage.Refusal? = nil,
    isSettled: Bool = false
  ) {
    self.feedback = feedback
    self.refusal = refusal
    self.isSettled = isSettled
    redraw()
  }

  /// Relabels the field (`_` before the mnemonic), its accessible name
  /// too.
  func relabel(_ mnemonicLabel: String) {
    gtk_label_set_text_with_mnemonic(lf_label(label), mnemonicLabel)
    atk_object_set_name(
      gtk_widget_get_accessible(entry), String(borrowing: gtk_label_get_text(lf_label(label))))
  }

  /// Shows the caller's `error` about the value it turned down, until the
  /// user types.
  func showCallerError(_ error: String?) {
    source.callerSays(error)
    redraw()
  }

  /// The user typed into the field: the caller's error goes, and the
  /// requirement once the field is no longer empty.
  func userEdited() {
    source.userEdited()
    redraw()
  }

  /// Says "Caps Lock is on" in the message line, before what it says
  /// already (the live hint stays in sight), and in the entry's accessible
  /// description. Its room is not kept: a line that no longer fits is cut,
  /// and its whole is the tooltip.
  func showCapsLock(_ on: Bool) {
    isCapsLockOn = on
    redraw()
  }

  private func redraw() {
    let isEmpty = gtk_entry_get_text_length(lf_entry(entry)) == 0
    let message = source.line(
      feedback: feedback, isEmpty: isEmpty, refusal: refusal,
      isSettled: isSettled)
    var text = message?.text ?? ""
    var whole = message?.details ?? text
    let isError = message?.style == .error
    var icon: String? = isError ? "dialog-error-symbolic" : nil
    if isCapsLockOn {
      let capsLock = localized("Caps Lock is on")
      func beside(_ said: String) -> String {
        said.isEmpty ? capsLock : formatted(localized("%s · %s"), capsLock, said)
      }
      (text, whole) = (beside(text), beside(whole))
      icon = icon ?? "dialog-warning-symbolic"
    }
    gtk_label_set_text(lf_label(messageLabel), text)
    setStyleClass("field-error", on: entry, isError)
    setStyleClass(
      "requirement", on: messageLine, !isError && !isCapsLockOn && message?.style == .requirement)
    // The whole of a summed-up message, or of one that Caps Lock may push
    // past its room, is its tooltip; the whole is the entry's accessible
    // description in any case.
    let hasMore = message?.details != nil || isCapsLockOn
    gtk_widget_set_tooltip_text(messageLine, hasMore ? whole : nil)
    atk_object_set_description(gtk_widget_get_accessible(entry), whole)
    if let icon {
      gtk_image_set_from_icon_name(lf_image(messageIcon), icon, GTK_ICON_SIZE_MENU)
    } else {
      gtk_image_clear(lf_image(messageIcon))
    }
    setStyleClass("error", on: messageLine, isError)
  }

  /// The entry's text as typed; for the clear-text username only.
  var text: String {
    precondition(secret == nil, "a secret is never copied into a String")
    return LoginFormGtk.text(of: entry)
  }
}
