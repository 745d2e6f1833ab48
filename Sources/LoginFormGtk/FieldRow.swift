import CGtk
import CSecretEntry
import LoginFormModel
import LoginFormPrompt

/// One field of the form: its mnemonic label, its entry, and the message line
/// under the entry.
///
/// The message line always keeps one line's height, whatever it shows, so
/// nothing moves when a message comes or goes; a message too long for the
/// line is ellipsized, and the whole of it is in the tooltip and the entry's
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
  private var feedbackText: (text: String, isError: Bool)?
  private var isCapsLockOn = false

  /// Builds the widgets; `mnemonicLabel` has an underscore before its
  /// mnemonic. Secret fields get a locked, hardened entry.
  init(field: Field, mnemonicLabel: String, rules: FieldRules) {
    self.field = field
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
    if let requirement = IssueMessage.requirement(of: field, rules: rules) {
      gtk_entry_set_placeholder_text(lf_entry(entry), requirement)
    }

    gtk_image_set_pixel_size(lf_image(messageIcon), 16)
    // Its room is kept while it is empty, so the text beside it never moves.
    gtk_widget_set_size_request(messageIcon, 16, 16)
    // The icon repeats what the message says, and the message is the entry's
    // accessible description already: screen readers should skip it.
    atk_object_set_role(gtk_widget_get_accessible(messageIcon), ATK_ROLE_REDUNDANT_OBJECT)
    gtk_label_set_xalign(lf_label(messageLabel), 0)
    gtk_label_set_ellipsize(lf_label(messageLabel), PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(lf_label(messageLabel), true.gboolean)
    gtk_widget_set_hexpand(messageLabel, true.gboolean)
    setStyleClass("field-message", on: messageLine, true)
    gtk_box_pack_start(lf_box(messageLine), messageIcon, false.gboolean, false.gboolean, 0)
    gtk_box_pack_start(lf_box(messageLine), messageLabel, true.gboolean, true.gboolean, 0)
  }

  /// Places the label and entry on `row` of `grid`, and the message under them.
  func attach(to grid: UnsafeMutablePointer<GtkWidget>, row: Int32) {
    gtk_grid_attach(lf_grid(grid), label, 0, row, 1, 1)
    gtk_grid_attach(lf_grid(grid), entry, 1, row, 1, 1)
    gtk_grid_attach(lf_grid(grid), messageLine, 1, row + 1, 1, 1)
  }

  /// Keeps one line's height for the message (the taller of a line of text
  /// and the icon) even while it is empty. Call once the row is in its
  /// window, when the label has its final font and scale.
  func reserveMessageLine() {
    gtk_label_set_text(lf_label(messageLabel), "Xy")
    gtk_image_set_from_icon_name(lf_image(messageIcon), "dialog-error-symbolic", GTK_ICON_SIZE_MENU)
    var height: Int32 = 0
    gtk_widget_get_preferred_height(messageLine, &height, nil)
    gtk_widget_set_size_request(messageLine, -1, height)
    gtk_label_set_text(lf_label(messageLabel), "")
    gtk_image_clear(lf_image(messageIcon))
  }

  /// Shows `text` as a neutral hint or as an error (error icon, error style
  /// on the entry, text in the normal colour for full contrast), or clears
  /// the message when `text` is nil. `details`, when given, is the whole
  /// of what `text` sums up: the tooltip and the accessible description.
  func show(_ text: String?, isError: Bool, details: String? = nil) {
    feedbackText = text.map { ($0, isError) }
    redraw()
    if let details { gtk_widget_set_tooltip_text(messageLabel, details) }
    setStyleClass("field-error", on: entry, text != nil && isError)
    atk_object_set_description(gtk_widget_get_accessible(entry), details ?? text ?? "")
  }

  /// Says the field's rule before typing in the caller's words (the
  /// placeholder), with `details` at length as the entry's tooltip.
  func showRequirement(_ requirement: String, details: String?) {
    gtk_entry_set_placeholder_text(lf_entry(entry), requirement)
    gtk_widget_set_tooltip_text(entry, details)
  }

  /// Says "Caps Lock is on" in the message line, unless an error needs it.
  func showCapsLock(_ on: Bool) {
    isCapsLockOn = on
    redraw()
  }

  private func redraw() {
    var text = ""
    var icon: String?
    var isError = false
    if let feedbackText, feedbackText.isError {
      (text, icon, isError) = (feedbackText.text, "dialog-error-symbolic", true)
    } else if isCapsLockOn {
      (text, icon) = (localized("Caps Lock is on"), "dialog-warning-symbolic")
    } else if let feedbackText {
      text = feedbackText.text
    }
    gtk_label_set_text(lf_label(messageLabel), text)
    gtk_widget_set_tooltip_text(messageLabel, text.isEmpty ? nil : text)
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
