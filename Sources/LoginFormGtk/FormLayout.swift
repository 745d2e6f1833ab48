import CGtk
import LoginFormModel
import LoginFormPrompt

/// The content of a form window, top to bottom: the caller's text (in a
/// framed pane that scrolls when long, so the fields always stay on screen),
/// then the fields, each with its message line, and, directly under the
/// password, the optional quality bar with the generate button beside it.
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
  /// Called when the generate button is pressed.
  var onGenerate: (@MainActor () -> Void)?

  /// The tallest the caller's text may make the window before it scrolls.
  static let maximumTextHeight: Int32 = 240
  /// The space between the caller's text and the form.
  static let groupSpacing: Int32 = 18

  init(description: FormDescription, rows: [FieldRow], frame: PromptFrame) {
    let content = frame.content
    gtk_box_set_spacing(lf_box(content), Self.groupSpacing)
    // The last message line's reserved room counts towards the bottom
    // margin: about 24 px from the last entry to the window's edge.
    gtk_widget_set_margin_bottom(content, 4)
    text = description.text.map { Self.textLabel($0, isMarkup: description.textIsMarkup) }
    if let text, let source = description.text {
      // Only long text scrolls: GTK 3 sizes a scrolled window for its
      // child's height at the child's narrowest, which leaves a gap under
      // text that would fit on one line.
      let isLong = source.utf8.count > 600 || source.split(separator: "\n").count > 10
      textPane = isLong ? Self.scrolling(text) : nil
      gtk_box_pack_start(lf_box(content), textPane ?? text, false.gboolean, false.gboolean, 0)
    } else {
      textPane = nil
    }

    let grid = gtk_grid_new()!
    gtk_grid_set_column_spacing(lf_grid(grid), 12)
    // 4 + a message line of 16 + 4: 24 px from one entry to the next.
    gtk_grid_set_row_spacing(lf_grid(grid), 4)
    var next: Int32 = 0
    var extras: QualityRow?
    for row in rows {
      let hasExtras =
        row.field == .password
        && (description.qualityBar != nil || description.generateButton != nil)
      row.attach(to: grid, row: next, messageRow: next + (hasExtras ? 2 : 1))
      if hasExtras {
        extras = Self.qualityRow(description, in: grid, row: next + 1)
        next += 1
      }
      next += 2
    }
    (qualityBar, qualityText, generateButton) = (extras?.bar, extras?.level, extras?.generate)
    qualityIcon = extras?.icon
    if let generateButton {
      // The fields first, then the generate button: Tab from the
      // passphrase goes on to Repeat, as typing a passphrase twice expects,
      // and a space meant for Repeat never lands on Suggest (which would
      // replace the passphrase).
      var order: [UnsafeMutablePointer<GtkWidget>?] = rows.map(\.entry)
      order.append(gtk_widget_get_parent(gtk_widget_get_parent(generateButton)))
      order.append(nil)
      lf_container_set_focus_order(lf_container(grid), &order)
    }
    gtk_box_pack_start(lf_box(content), grid, true.gboolean, true.gboolean, 0)
    for row in rows { row.reserveMessageLine() }
    if let generateButton {
      SignalConnection.connect(generateButton, "clicked") { [weak self] in self?.onGenerate?() }
    }
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
    bar: UnsafeMutablePointer<GtkWidget>?, level: UnsafeMutablePointer<GtkWidget>?,
    icon: UnsafeMutablePointer<GtkWidget>?, generate: UnsafeMutablePointer<GtkWidget>?
  )

  /// The quality bar (its label in the label column) with the generate
  /// button beside it, and the level in words on a caption line under the
  /// bar.
  private static func qualityRow(
    _ description: FormDescription, in grid: UnsafeMutablePointer<GtkWidget>, row: Int32
  ) -> QualityRow {
    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 3)!
    let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
    gtk_box_pack_start(lf_box(column), line, false.gboolean, false.gboolean, 0)
    var result: QualityRow = (nil, nil, nil, nil)
    if let quality = description.qualityBar {
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
      gtk_grid_attach(lf_grid(grid), label, 0, row, 1, 1)
      gtk_box_pack_start(lf_box(line), meter, true.gboolean, true.gboolean, 0)

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
      (result.bar, result.level, result.icon) = (meter, level, icon)
    }
    if let control = description.generateButton {
      let button = gtk_button_new_with_mnemonic(control.label)!
      gtk_widget_set_tooltip_text(button, control.tooltip)
      gtk_widget_set_halign(button, GTK_ALIGN_END)
      gtk_widget_set_hexpand(button, (result.bar == nil).gboolean)
      gtk_box_pack_end(lf_box(line), button, false.gboolean, false.gboolean, 0)
      result.generate = button
    }
    gtk_grid_attach(lf_grid(grid), column, 1, row, 1, 1)
    return result
  }

  /// The caller's text, wrapped at the window's width (see PromptFrame).
  private static func textLabel(_ text: String, isMarkup: Bool) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(nil)!
    if isMarkup {
      gtk_label_set_markup(lf_label(label), text)
    } else {
      gtk_label_set_text(lf_label(label), text)
    }
    gtk_label_set_line_wrap(lf_label(label), true.gboolean)
    gtk_label_set_line_wrap_mode(lf_label(label), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_width_chars(lf_label(label), 1)
    gtk_label_set_max_width_chars(lf_label(label), 1)
    gtk_label_set_xalign(lf_label(label), 0)
    gtk_label_set_yalign(lf_label(label), 0)
    gtk_label_set_selectable(lf_label(label), true.gboolean)
    gtk_widget_set_can_focus(label, false.gboolean)
    return label
  }

  /// Puts `label` in a framed scrolled window as tall as its text, up to a
  /// limit. The text can then take the focus (Shift+Tab from the first
  /// field), and the arrow and page keys scroll it.
  private static func scrolling(_ label: UnsafeMutablePointer<GtkWidget>)
    -> UnsafeMutablePointer<GtkWidget>
  {
    let scrolled = gtk_scrolled_window_new(nil, nil)!
    gtk_scrolled_window_set_policy(
      lf_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_shadow_type(lf_scrolled_window(scrolled), GTK_SHADOW_IN)
    gtk_scrolled_window_set_propagate_natural_height(lf_scrolled_window(scrolled), true.gboolean)
    gtk_scrolled_window_set_max_content_height(lf_scrolled_window(scrolled), maximumTextHeight)
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(label, 6) }
    gtk_widget_set_margin_start(label, 6)
    gtk_widget_set_margin_end(label, 6)
    gtk_widget_set_can_focus(label, true.gboolean)
    gtk_container_add(lf_container(scrolled), label)
    let adjustment = gtk_scrolled_window_get_vadjustment(lf_scrolled_window(scrolled))!
    SignalConnection.connectEvent(label, "key-press-event") { event in
      scroll(adjustment, for: event.pointee.key.keyval)
    }
    return scrolled
  }

  /// Scrolls `adjustment` for the key `keyval`; false for keys that do not
  /// scroll.
  private static func scroll(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, for keyval: guint)
    -> Bool
  {
    let value = gtk_adjustment_get_value(adjustment)
    let step = gtk_adjustment_get_step_increment(adjustment)
    let page = gtk_adjustment_get_page_increment(adjustment)
    let target: Double
    switch Int32(keyval) {
    case GDK_KEY_Up, GDK_KEY_KP_Up: target = value - step
    case GDK_KEY_Down, GDK_KEY_KP_Down: target = value + step
    case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: target = value - page
    case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: target = value + page
    case GDK_KEY_Home, GDK_KEY_KP_Home: target = gtk_adjustment_get_lower(adjustment)
    case GDK_KEY_End, GDK_KEY_KP_End: target = gtk_adjustment_get_upper(adjustment)
    default: return false
    }
    gtk_adjustment_set_value(adjustment, target)
    return true
  }
}
