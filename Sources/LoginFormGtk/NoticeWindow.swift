import CGtk
import LoginFormMainLoop
import LoginFormPrompt

/// A notice: a heading, a text and one Close button at the bottom, in a
/// window that takes neither the focus nor the keyboard when it appears. It
/// is shown while another program waits for the person to do something
/// elsewhere (touch a security key, type on a card reader's pinpad), so the
/// window they were typing in keeps the keys, and no key press meant for it
/// closes the notice.
///
/// The Close button is not the default. A person who clicks into the
/// notice gives it the focus; then Esc (and the window manager's Alt+F4)
/// close it, as a click on Close, the window manager's close button, or
/// the program that showed it (a signal, the end of its conversation) do.
///
/// Never focused at first, it would be drawn in GTK's backdrop state, which
/// greys its text to look disabled (2.8:1); its own style
/// (`notice-window` in login-form.css) keeps full contrast.
@MainActor package final class NoticeWindow: PromptSurface {
  /// How the notice ended, once it has.
  package private(set) var result: PromptResult?
  /// The top-level GtkWindow.
  package let window: UnsafeMutablePointer<GtkWidget>
  let heading: UnsafeMutablePointer<GtkWidget>?
  let text: UnsafeMutablePointer<GtkWidget>
  let closeButton: UnsafeMutablePointer<GtkWidget>
  private let options: PromptOptions
  private let icon: ApplicationIcon
  private let onFinish: @MainActor (PromptResult) -> Void

  /// Builds the window for `description`; call `present()` to show it.
  package init(
    description: NoticeDescription,
    onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) {
    options = description.options
    self.onFinish = onFinish
    StyleSheet.installOnce()
    window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
    icon = ApplicationIcon(window: window, isSetByCaller: options.window.icon != nil)
    // No focus when mapped: GTK tells the window manager (a zero user
    // time) not to activate it. A click still may.
    gtk_window_set_focus_on_map(lf_window(window), false.gboolean)
    setStyleClass("notice-window", on: window, true)
    gtk_window_set_title(lf_window(window), description.title)
    gtk_window_set_type_hint(lf_window(window), GDK_WINDOW_TYPE_HINT_DIALOG)
    let width = options.window.width ?? 420
    gtk_window_set_default_size(lf_window(window), Int32(clamping: width), -1)
    gtk_window_set_keep_above(lf_window(window), options.window.keepsAbove.gboolean)
    if let name = options.window.icon { WindowPlacement.setIcon(name, of: window) }
    let header = gtk_header_bar_new()!
    gtk_header_bar_set_title(lf_header_bar(header), description.title)
    gtk_window_set_titlebar(lf_window(window), header)

    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(content, 18) }
    gtk_widget_set_margin_start(content, 18)
    gtk_widget_set_margin_end(content, 18)
    // As in PromptFrame: the content as wide as the window, so that its
    // wrapping text is as tall as it needs at that width, no taller.
    let contentWidth = Int32(clamping: max(1, width - 36))
    gtk_widget_set_size_request(content, contentWidth, -1)
    let widest = WholeTokens.widest(
      from: contentWidth, widthIsChosen: options.window.width != nil)
    if let line = options.requesterLine {
      let requester = RequesterLabel.make(line)
      gtk_box_pack_start(lf_box(content), requester, false.gboolean, false.gboolean, 0)
    }
    let shown = BoundedText.shown(heading: description.heading, text: description.text)
    heading = shown.heading.map { BoundedText.wrappingLabel($0, widest: widest) }
    if let heading {
      setStyleClass("prompt-heading", on: heading, true)
      gtk_box_pack_start(lf_box(content), heading, false.gboolean, false.gboolean, 0)
    }
    let text = BoundedText.make(shown.text, width: contentWidth, widest: widest)
    self.text = text.text
    gtk_box_pack_start(lf_box(content), text.view, true.gboolean, true.gboolean, 0)
    closeButton = gtk_button_new_with_mnemonic(description.closeLabel)
    // Never the default, and no focus of its own to show.
    gtk_widget_set_can_default(closeButton, false.gboolean)
    gtk_widget_set_can_focus(closeButton, false.gboolean)
    gtk_widget_set_halign(closeButton, GTK_ALIGN_END)
    gtk_box_pack_end(lf_box(content), closeButton, false.gboolean, false.gboolean, 0)
    gtk_container_add(lf_container(window), content)
    AccessibleRoles.set(ATK_ROLE_NOTIFICATION, of: window)
    connectSignals()
  }

  /// Shows the window without activating it (`gtk_window_present` would
  /// ask for the focus).
  package func present() {
    gtk_widget_show_all(window)
  }

  /// Ends the notice with `result` unless it has already ended.
  package func finish(_ result: PromptResult) {
    guard self.result == nil else { return }
    self.result = result
    icon.cancel()
    gtk_widget_destroy(window)
    onFinish(result)
  }

  private func connectSignals() {
    SignalConnection.connect(closeButton, "clicked") { [weak self] in
      self?.finish(.answered(true))
    }
    // Key events reach the notice only once the person gave it the focus.
    SignalConnection.connectEvent(window, "key-press-event") { [weak self] event in
      guard event.pointee.key.keyval == UInt32(GDK_KEY_Escape) else { return false }
      self?.finish(.closed)
      return true
    }
    SignalConnection.connectEvent(window, "delete-event") { [weak self] _ in
      self?.finish(.closed)
      return true
    }
    WindowPlacement.follow(window, hints: options.window, icon: icon)
  }
}
