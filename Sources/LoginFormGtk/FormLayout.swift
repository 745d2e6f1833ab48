import CGtk
import LoginFormModel
import LoginFormPrompt

/// The content of a form window, top to bottom: the caller's error, the
/// caller's text (scrolling when long, so the fields always stay on screen),
/// the fields with their message lines, and the optional quality bar,
/// generate button and "Save in password manager" check box.
@MainActor final class FormLayout {
  let error: UnsafeMutablePointer<GtkWidget>?
  let text: UnsafeMutablePointer<GtkWidget>?
  let qualityBar: UnsafeMutablePointer<GtkWidget>?
  let generateButton: UnsafeMutablePointer<GtkWidget>?
  /// The `RememberOffer`'s check box, off until the user ticks it.
  let rememberBox: UnsafeMutablePointer<GtkWidget>?
  /// Called when the generate button is pressed.
  var onGenerate: (@MainActor () -> Void)?

  /// The tallest the caller's text may make the window before it scrolls.
  static let maximumTextHeight: Int32 = 240

  init(description: FormDescription, rows: [FieldRow], frame: PromptFrame) {
    let content = frame.content
    error = description.error.map { Self.errorLine($0) }
    if let error { gtk_box_pack_start(lf_box(content), error, false.gboolean, false.gboolean, 0) }
    text = description.text.map { Self.textLabel($0, isMarkup: description.textIsMarkup) }
    if let text, let source = description.text {
      // Only long text scrolls: GTK 3 sizes a scrolled window for its
      // child's height at the child's narrowest, which leaves a gap under
      // text that would fit on one line.
      let isLong = source.utf8.count > 600 || source.split(separator: "\n").count > 10
      let widget = isLong ? Self.scrolling(text) : text
      gtk_box_pack_start(lf_box(content), widget, false.gboolean, false.gboolean, 0)
    }

    let grid = gtk_grid_new()!
    gtk_grid_set_column_spacing(lf_grid(grid), 12)
    gtk_grid_set_row_spacing(lf_grid(grid), 6)
    for (index, row) in rows.enumerated() { row.attach(to: grid, row: Int32(index * 2)) }
    var nextRow = Int32(rows.count * 2)
    if let quality = description.qualityBar {
      let bar = gtk_level_bar_new_for_interval(0, 100)!
      gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
      let label = gtk_label_new(quality.label)!
      gtk_widget_set_halign(label, GTK_ALIGN_END)
      gtk_widget_set_tooltip_text(bar, quality.tooltip)
      atk_object_set_name(gtk_widget_get_accessible(bar), quality.label)
      gtk_grid_attach(lf_grid(grid), label, 0, nextRow, 1, 1)
      gtk_grid_attach(lf_grid(grid), bar, 1, nextRow, 1, 1)
      nextRow += 1
      qualityBar = bar
    } else {
      qualityBar = nil
    }
    if let generate = description.generateButton {
      let button = gtk_button_new_with_mnemonic(generate.label)!
      gtk_widget_set_halign(button, GTK_ALIGN_START)
      gtk_widget_set_tooltip_text(button, generate.tooltip)
      gtk_grid_attach(lf_grid(grid), button, 1, nextRow, 1, 1)
      nextRow += 1
      generateButton = button
    } else {
      generateButton = nil
    }
    rememberBox = description.rememberOffer.map { offer in
      let box = gtk_check_button_new_with_mnemonic(offer.label)!
      gtk_toggle_button_set_active(lf_toggle_button(box), false.gboolean)
      gtk_widget_set_tooltip_text(box, offer.tooltip)
      gtk_grid_attach(lf_grid(grid), box, 1, nextRow, 1, 1)
      return box
    }
    gtk_box_pack_start(lf_box(content), grid, true.gboolean, true.gboolean, 0)
    for row in rows { row.reserveMessageLine() }
    if let generateButton {
      SignalConnection.connect(generateButton, "clicked") { [weak self] in self?.onGenerate?() }
    }
  }

  /// Whether the user ticked the `RememberOffer`'s check box.
  var remembers: Bool {
    rememberBox.map { gtk_toggle_button_get_active(lf_toggle_button($0)) != 0 } ?? false
  }

  /// Shows a quality from -100 (fails the agent's constraints) to 100.
  func showQuality(_ value: Int) {
    guard let qualityBar else { return }
    gtk_level_bar_set_value(lf_level_bar(qualityBar), Double(max(0, min(100, value))))
  }

  private static func errorLine(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(text)!
    gtk_label_set_xalign(lf_label(label), 0)
    gtk_label_set_line_wrap(lf_label(label), true.gboolean)
    gtk_label_set_max_width_chars(lf_label(label), 50)
    setStyleClass("prompt-notice", on: label, true)
    return label
  }

  private static func textLabel(_ text: String, isMarkup: Bool) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(nil)!
    if isMarkup {
      gtk_label_set_markup(lf_label(label), text)
    } else {
      gtk_label_set_text(lf_label(label), text)
    }
    gtk_label_set_line_wrap(lf_label(label), true.gboolean)
    gtk_label_set_line_wrap_mode(lf_label(label), PANGO_WRAP_WORD_CHAR)
    // A wrapping label's minimum width is one word, and GTK 3 sizes the
    // window's height for the label's minimum width: with the minimum close
    // to the width it gets, the window has no gap under the text.
    gtk_label_set_width_chars(lf_label(label), 50)
    gtk_label_set_max_width_chars(lf_label(label), 50)
    gtk_label_set_xalign(lf_label(label), 0)
    gtk_label_set_yalign(lf_label(label), 0)
    gtk_label_set_selectable(lf_label(label), true.gboolean)
    gtk_widget_set_can_focus(label, false.gboolean)
    return label
  }

  /// Puts `label` in a scrolled window as tall as its text, up to a limit.
  private static func scrolling(_ label: UnsafeMutablePointer<GtkWidget>)
    -> UnsafeMutablePointer<GtkWidget>
  {
    let scrolled = gtk_scrolled_window_new(nil, nil)!
    gtk_scrolled_window_set_policy(
      lf_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_height(lf_scrolled_window(scrolled), true.gboolean)
    gtk_scrolled_window_set_max_content_height(lf_scrolled_window(scrolled), maximumTextHeight)
    gtk_container_add(lf_container(scrolled), label)
    return scrolled
  }
}
