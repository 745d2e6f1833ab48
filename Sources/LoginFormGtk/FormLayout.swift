import CGtk
import LoginFormModel
import LoginFormPrompt

/// The content of a form window, top to bottom: the caller's text (in a
/// framed pane that scrolls when long, so the fields always stay on screen),
/// then the fields, each with its message line, and, directly under the
/// password, the optional quality bar; under the fields, the optional
/// generate button; last, the optional "Save in password manager" check
/// box. That is the Tab order too, as GTK takes it from the positions. The
/// caller's error is the password's message (see `FieldMessage`).
///
/// Spacing follows GNOME's 6 px grid: 18 px from the text to the form and
/// around the content, about 24 px from one entry to the next (the message
/// line between them included).
@MainActor final class FormLayout {
  let text: UnsafeMutablePointer<GtkWidget>?
  /// The framed, scrolling pane around long text, if the text is long.
  let textPane: UnsafeMutablePointer<GtkWidget>?
  let qualityBar: UnsafeMutablePointer<GtkWidget>?
  let qualityText: UnsafeMutablePointer<GtkWidget>?
  let qualityIcon: UnsafeMutablePointer<GtkWidget>?
  let generateButton: UnsafeMutablePointer<GtkWidget>?
  /// The `RememberOffer`'s check box, off until the user ticks it.
  let rememberBox: UnsafeMutablePointer<GtkWidget>?
  /// The drop-down of the form's choice, above the fields.
  let chooser: UnsafeMutablePointer<GtkWidget>?
  /// The folded details under the text.
  let detailsExpander: UnsafeMutablePointer<GtkWidget>?
  /// What the other program of a conversation says (PAM's lines), under
  /// the fields, where the eyes are while typing; hidden while it is empty.
  let conversationLine: UnsafeMutablePointer<GtkWidget>?
  /// Called when the generate button is pressed.
  var onGenerate: (@MainActor () -> Void)?

  /// The space between the caller's text and the form.
  static let groupSpacing: Int32 = 18

  init(description: FormDescription, rows: [FieldRow], frame: PromptFrame) {
    let content = frame.content
    gtk_box_set_spacing(lf_box(content), Self.groupSpacing)
    let text = description.text.map {
      BoundedText.make(
        $0, isMarkup: description.textIsMarkup, width: frame.contentWidth,
        widest: frame.widestContent)
    }
    if let text {
      gtk_box_pack_start(lf_box(content), text.view, false.gboolean, false.gboolean, 0)
    }
    self.text = text?.text
    textPane = text?.pane
    detailsExpander = description.details.map(DetailsExpander.make)
    if let detailsExpander {
      gtk_box_pack_start(lf_box(content), detailsExpander, false.gboolean, false.gboolean, 0)
    }

    let grid = gtk_grid_new()!
    gtk_grid_set_column_spacing(lf_grid(grid), 12)
    // 4 + a message line of 16 + 4: 24 px from one entry to the next.
    gtk_grid_set_row_spacing(lf_grid(grid), 4)
    var next: Int32 = 0
    chooser = description.choice.map { choice in
      defer { next += 2 }
      return ChoiceRow.make(choice, in: grid, row: next)
    }
    var quality: QualityRow?
    for row in rows {
      let hasQuality = row.field == .password && description.qualityBar != nil
      row.attach(to: grid, row: next, messageRow: next + (hasQuality ? 2 : 1))
      if hasQuality, let bar = description.qualityBar {
        quality = Self.qualityRow(bar, in: grid, row: next + 1)
        next += 1
      }
      next += 2
    }
    // Under the fields, not between them: Tab from the passphrase goes on
    // to Repeat, as typing a passphrase twice expects, and a space meant
    // for Repeat never lands on Suggest (which would replace the
    // passphrase); where it is on screen says the same.
    generateButton = description.generateButton.map { control in
      let button = gtk_button_new_with_mnemonic(control.label)!
      gtk_widget_set_tooltip_text(button, control.tooltip)
      gtk_widget_set_halign(button, GTK_ALIGN_END)
      gtk_grid_attach(lf_grid(grid), button, 1, next, 1, 1)
      next += 1
      return button
    }
    rememberBox = description.rememberOffer.map { offer in
      let box = gtk_check_button_new_with_mnemonic(offer.label)!
      gtk_toggle_button_set_active(lf_toggle_button(box), false.gboolean)
      gtk_widget_set_tooltip_text(box, offer.tooltip)
      gtk_grid_attach(lf_grid(grid), box, 1, next, 1, 1)
      return box
    }
    (qualityBar, qualityText, qualityIcon) = (quality?.bar, quality?.level, quality?.icon)
    gtk_box_pack_start(lf_box(content), grid, true.gboolean, true.gboolean, 0)
    conversationLine = description.isConversation ? Self.conversationLine(in: content) : nil
    let messageWidth = frame.contentWidth - 12 - Self.labelColumnWidth(of: grid, rows: next)
    for row in rows { row.reserveMessageArea(width: messageWidth) }
    if let generateButton {
      SignalConnection.connect(generateButton, "clicked") { [weak self] in self?.onGenerate?() }
    }
  }

  /// The label column's width: its widest label, which never wraps.
  private static func labelColumnWidth(of grid: UnsafeMutablePointer<GtkWidget>, rows: Int32)
    -> Int32
  {
    (0..<rows).compactMap { gtk_grid_get_child_at(lf_grid(grid), 0, $0) }.map { label in
      // A hidden widget asks for no width at all, and the window is shown
      // only later: measured as it will be shown.
      gtk_widget_show(label)
      var width: Int32 = 0
      gtk_widget_get_preferred_width(label, nil, &width)
      return width
    }.max() ?? 0
  }

  private static func conversationLine(in content: UnsafeMutablePointer<GtkWidget>)
    -> UnsafeMutablePointer<GtkWidget>
  {
    let line = gtk_label_new(nil)!
    gtk_label_set_xalign(lf_label(line), 0)
    gtk_label_set_line_wrap(lf_label(line), true.gboolean)
    gtk_label_set_width_chars(lf_label(line), 1)
    gtk_widget_set_no_show_all(line, true.gboolean)
    gtk_box_pack_start(lf_box(content), line, false.gboolean, false.gboolean, 0)
    return line
  }

  /// Whether the user ticked the `RememberOffer`'s check box.
  var remembers: Bool {
    rememberBox.map { gtk_toggle_button_get_active(lf_toggle_button($0)) != 0 } ?? false
  }

  /// Shows the agent's `rating`, or nothing (an empty field has none).
  func showQuality(_ rating: QualityRating?) {
    guard let qualityBar, let qualityText, let qualityIcon else { return }
    gtk_level_bar_set_value(lf_level_bar(qualityBar), rating?.fraction ?? 0)
    gtk_label_set_text(lf_label(qualityText), rating?.text ?? "")
    let failing = rating?.failsRules ?? false
    setStyleClass("quality-failing", on: qualityBar, failing)
    setStyleClass("error", on: gtk_widget_get_parent(qualityIcon)!, failing)
    if failing {
      gtk_image_set_from_icon_name(
        lf_image(qualityIcon), "dialog-error-symbolic", GTK_ICON_SIZE_MENU)
    } else {
      gtk_image_clear(lf_image(qualityIcon))
    }
    atk_object_set_description(gtk_widget_get_accessible(qualityBar), rating?.text ?? "")
  }

  private typealias QualityRow = (
    bar: UnsafeMutablePointer<GtkWidget>, level: UnsafeMutablePointer<GtkWidget>,
    icon: UnsafeMutablePointer<GtkWidget>
  )

  /// The quality bar (its label in the label column), and the level in
  /// words on a caption line under the bar.
  private static func qualityRow(
    _ quality: FormDescription.Control, in grid: UnsafeMutablePointer<GtkWidget>, row: Int32
  ) -> QualityRow {
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)!
    let meter = gtk_level_bar_new_for_interval(0, 1)!
    gtk_level_bar_add_offset_value(
      lf_level_bar(meter), GTK_LEVEL_BAR_OFFSET_LOW, Double(QualityRating.fair) / 100)
    gtk_level_bar_add_offset_value(
      lf_level_bar(meter), GTK_LEVEL_BAR_OFFSET_HIGH, Double(QualityRating.strong) / 100)
    gtk_widget_set_valign(meter, GTK_ALIGN_CENTER)
    gtk_widget_set_hexpand(meter, true.gboolean)
    gtk_widget_set_tooltip_text(meter, quality.tooltip)
    atk_object_set_name(gtk_widget_get_accessible(meter), quality.label)
    let label = gtk_label_new(quality.label)!
    gtk_widget_set_halign(label, GTK_ALIGN_END)
    gtk_widget_set_valign(label, GTK_ALIGN_START)
    gtk_grid_attach(lf_grid(grid), label, 0, row, 1, 1)
    // The bar on a line as tall as its label, so that the two line up
    // above the caption.
    let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    var labelHeight: Int32 = 0
    gtk_widget_get_preferred_height(label, nil, &labelHeight)
    gtk_widget_set_size_request(line, -1, labelHeight)
    gtk_box_pack_start(lf_box(line), meter, true.gboolean, true.gboolean, 0)
    gtk_box_pack_start(lf_box(column), line, false.gboolean, false.gboolean, 0)

    let caption = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    let icon = gtk_image_new()!
    gtk_image_set_pixel_size(lf_image(icon), 16)
    gtk_widget_set_size_request(icon, 16, 16)
    gtk_widget_set_valign(icon, GTK_ALIGN_START)
    atk_object_set_role(gtk_widget_get_accessible(icon), ATK_ROLE_REDUNDANT_OBJECT)
    let level = gtk_label_new(nil)!
    gtk_label_set_xalign(lf_label(level), 0)
    gtk_label_set_line_wrap(lf_label(level), true.gboolean)
    gtk_label_set_width_chars(lf_label(level), 1)
    gtk_label_set_max_width_chars(lf_label(level), 1)
    gtk_widget_set_hexpand(level, true.gboolean)
    setStyleClass("field-message", on: caption, true)
    setStyleClass("quality-caption", on: caption, true)
    gtk_box_pack_start(lf_box(caption), icon, false.gboolean, false.gboolean, 0)
    gtk_box_pack_start(lf_box(caption), level, true.gboolean, true.gboolean, 0)
    gtk_box_pack_start(lf_box(column), caption, false.gboolean, false.gboolean, 0)
    gtk_grid_attach(lf_grid(grid), column, 1, row, 1, 1)
    return (meter, level, icon)
  }
}
