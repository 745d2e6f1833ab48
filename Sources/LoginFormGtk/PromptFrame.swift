import CGtk
import LoginFormMainLoop
import LoginFormPrompt

/// What every prompt window shares: the GtkWindow with its header bar (for a
/// form, the negative button at the start and the affirmative one at the
/// end; a question puts them in a row of its own), a notice line above the
/// content, Esc and the close button, where the window sits,
/// the keyboard grab, the countdown, and the one way a prompt ends.
@MainActor final class PromptFrame {
  let window: UnsafeMutablePointer<GtkWidget>
  let header: UnsafeMutablePointer<GtkWidget>
  let okButton: UnsafeMutablePointer<GtkWidget>
  let cancelButton: UnsafeMutablePointer<GtkWidget>?
  /// The vertical box the content goes into, under the notice.
  let content: UnsafeMutablePointer<GtkWidget>
  let notice: UnsafeMutablePointer<GtkWidget>
  let headerTitle: HeaderTitle
  /// The content's width in pixels, which wrapping text takes.
  let contentWidth: Int32
  /// The widest the content grows to keep a caller's token whole.
  let widestContent: Int32
  private let options: PromptOptions
  private var grab: KeyboardGrab?
  /// The countdown, while the prompt has a timeout and no key was typed.
  private(set) var countdown: Countdown?
  private let icon: ApplicationIcon
  /// How the prompt ended, once it has.
  private(set) var result: PromptResult?
  /// Called once, as the prompt ends, before the window goes: the place to
  /// clear what the window holds.
  var willEnd: (@MainActor () -> Void)?
  /// Called once, with the result, after the window is gone.
  var didEnd: (@MainActor (PromptResult) -> Void)?
  /// Called with true when the keyboard cannot be had (typing must stop),
  /// and with false when it can again.
  var onKeyboardUnavailable: (@MainActor (Bool) -> Void)?
  /// Whether the keyboard grab was wanted but is not held.
  private(set) var isKeyboardUnavailable = false
  /// The button Enter presses from anywhere in the window, if any: the
  /// affirmative one, unless the window says otherwise before `present()`.
  var defaultButton: UnsafeMutablePointer<GtkWidget>?

  /// A frame titled `title` with the two buttons, in the header bar unless
  /// `buttonsInHeaderBar` is false (the caller then places them).
  init(
    options: PromptOptions, title: String, okLabel: String, cancelLabel: String?,
    buttonsInHeaderBar: Bool = true
  ) {
    self.options = options
    StyleSheet.installOnce()
    window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
    header = gtk_header_bar_new()
    okButton = gtk_button_new_with_mnemonic(okLabel)
    cancelButton = cancelLabel.map { gtk_button_new_with_mnemonic($0) }
    content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
    notice = gtk_label_new(nil)
    icon = ApplicationIcon(window: window, isSetByCaller: options.window.icon != nil)

    headerTitle = HeaderTitle(title, fitsTheWidth: options.window.width != nil)
    gtk_header_bar_set_custom_title(lf_header_bar(header), headerTitle.box)
    if buttonsInHeaderBar {
      if let cancelButton { gtk_header_bar_pack_start(lf_header_bar(header), cancelButton) }
      gtk_header_bar_pack_end(lf_header_bar(header), okButton)
    }
    setStyleClass("suggested-action", on: okButton, true)
    gtk_widget_set_can_default(okButton, true.gboolean)
    defaultButton = okButton
    gtk_window_set_titlebar(lf_window(window), header)
    gtk_window_set_title(lf_window(window), title)
    let width = options.window.width ?? 420
    gtk_window_set_default_size(lf_window(window), Int32(clamping: width), -1)
    // GTK 3 takes a window's least height at its least width, where every
    // wrapping label is at its narrowest and tallest: with the content no
    // narrower than the window is wide, the height is the one its text
    // needs, with no gap under it. Wrapping labels ask for one character
    // of width, so that this, not their text, sets the width.
    contentWidth = Int32(clamping: max(1, width - 36))
    gtk_widget_set_size_request(content, contentWidth, -1)
    widestContent = WholeTokens.widest(
      from: contentWidth, widthIsChosen: options.window.width != nil)
    gtk_window_set_type_hint(lf_window(window), GDK_WINDOW_TYPE_HINT_DIALOG)
    if let icon = options.window.icon { WindowPlacement.setIcon(icon, of: window) }
    gtk_window_set_modal(lf_window(window), options.window.isModal.gboolean)
    gtk_window_set_keep_above(lf_window(window), options.window.keepsAbove.gboolean)

    // GNOME HIG spacing: 18 px around the content, 12 between groups.
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(content, 18) }
    gtk_widget_set_margin_start(content, 18)
    gtk_widget_set_margin_end(content, 18)
    gtk_label_set_xalign(lf_label(notice), 0)
    gtk_label_set_line_wrap(lf_label(notice), true.gboolean)
    gtk_label_set_max_width_chars(lf_label(notice), 50)
    setStyleClass("prompt-notice", on: notice, true)
    gtk_widget_set_no_show_all(notice, true.gboolean)
    if let line = options.requesterLine {
      let requester = RequesterLabel.make(line)
      gtk_box_pack_start(lf_box(content), requester, false.gboolean, false.gboolean, 0)
    }
    gtk_box_pack_start(lf_box(content), notice, false.gboolean, false.gboolean, 0)
    gtk_container_add(lf_container(window), content)
    connectSignals()
  }

  /// The header bar's subtitle (the countdown), or nil for none.
  var subtitle: String? {
    get { headerTitle.subtitleText }
    set { headerTitle.subtitleText = newValue }
  }

  /// Shows `text` as a notice above the content, or hides the notice.
  func setNotice(_ text: String?) {
    gtk_label_set_text(lf_label(notice), text ?? "")
    gtk_widget_set_visible(notice, (text != nil).gboolean)
  }

  /// Shows the window and starts the countdown, if it has a timeout.
  func present() {
    gtk_widget_show_all(window)
    if let defaultButton { gtk_widget_grab_default(defaultButton) }
    gtk_window_present(lf_window(window))
    countdown = options.timeoutSeconds.map { seconds in
      Countdown(
        seconds: seconds, show: { [weak self] in self?.subtitle = $0 },
        expire: { [weak self] in self?.end(.timedOut) })
    }
  }

  /// Stops the countdown for good: the user has started typing, and a
  /// window that vanished mid-password would be a bug.
  func stopCountdown() {
    countdown?.stop()
    countdown = nil
  }

  /// Ends the prompt with `result`, unless it has already ended: the only
  /// way any prompt ends. Backing out of a prompt that never had the
  /// keyboard is its own end (the user could not type safely). Clears the
  /// window through `willEnd`, destroys it, then reports through `didEnd`.
  func end(_ result: PromptResult) {
    guard self.result == nil else { return }
    let result = isKeyboardUnavailable && result.isCancellation ? .keyboardUnavailable : result
    self.result = result
    willEnd?()
    grab = nil
    countdown = nil
    icon.cancel()
    gtk_widget_destroy(window)
    didEnd?(result)
  }

  private func connectSignals() {
    DebuggingHooks.refuseInspector(for: window)
    SignalConnection.connectEvent(window, "key-press-event") { [weak self] event in
      guard event.pointee.key.keyval == UInt32(GDK_KEY_Escape) else { return false }
      self?.end(.cancelled)
      return true
    }
    SignalConnection.connectEvent(window, "delete-event") { [weak self] _ in
      self?.end(.closed)
      return true
    }
    WindowPlacement.follow(window, hints: options.window, icon: icon) { [weak self] in
      guard let self else { return }
      // Wayland has no global grab: the compositor alone owns the keyboard.
      let isX11 = gtk_widget_get_display(window).map { lf_is_x11_display($0) != 0 } ?? false
      if options.grabsKeyboard, isX11, grab == nil {
        grab = KeyboardGrab(window: window) { [weak self] held in self?.keyboard(held: held) }
      }
    }
  }

  private func keyboard(held: Bool) {
    guard isKeyboardUnavailable == held else { return }
    isKeyboardUnavailable = !held
    // The next step as well as the cause: most often an open menu or
    // another prompt holds the keyboard, and the grab is retried when it
    // lets go.
    setNotice(
      held
        ? nil
        : localized(
          "Another program is holding the keyboard. Close its open menu or window; typing here resumes by itself."
        ))
    onKeyboardUnavailable?(!held)
  }
}
