import CGtk
import LoginFormModel

/// The prompt window, bound one way to its model: each entry's "changed"
/// writes to the model, and the model's observers set the widgets.
///
/// The window hands its result to `onFinish` exactly once and then destroys
/// itself; ending the process is the caller's business.
@MainActor public final class LoginWindow {
  /// The form the window edits.
  public let model: LoginForm
  /// How the window ended, once it has.
  public private(set) var result: PromptResult?

  /// The top-level GtkWindow.
  public let window: UnsafeMutablePointer<GtkWidget>
  /// The Done button, for benchmarks and tests that drive the widgets.
  public let doneButton: UnsafeMutablePointer<GtkWidget>
  let cancelButton: UnsafeMutablePointer<GtkWidget>
  let prompt: UnsafeMutablePointer<GtkWidget>?
  let username: FieldRow
  let password: FieldRow
  let passwordAids: PasswordAids

  private var observations: [ObservationToken] = []
  private let onFinish: (PromptResult) -> Void

  /// Builds the window for `configuration`; call `present()` to show it.
  public init(
    configuration: PromptConfiguration, onFinish: @escaping (PromptResult) -> Void = { _ in }
  ) {
    self.onFinish = onFinish
    model = LoginForm(rules: configuration.rules, username: configuration.username)
    window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
    doneButton = gtk_button_new_with_mnemonic(configuration.okLabel)
    cancelButton = gtk_button_new_with_mnemonic(configuration.cancelLabel)
    prompt = configuration.text.map { gtk_label_new($0) }
    username = FieldRow(
      field: .username, mnemonicLabel: localized("_Username"), name: localized("Username"),
      rules: configuration.rules.username)
    password = FieldRow(
      field: .password, mnemonicLabel: localized("_Password"), name: localized("Password"),
      rules: configuration.rules.password)
    passwordAids = PasswordAids(entry: password.entry)
    layOut(title: configuration.title)
    configureEntries(prefill: configuration.username)
    connectSignals()
    bindModel()
  }

  /// The entry of `field`, for benchmarks and tests that drive the widgets.
  public func entry(of field: Field) -> UnsafeMutablePointer<GtkWidget> {
    field == .username ? username.entry : password.entry
  }

  /// Shows the window with focus in the first field that needs typing.
  public func present() {
    gtk_widget_show_all(window)
    gtk_window_present(lf_window(window))
  }

  /// Ends the prompt with `result` unless it has already ended: clears the
  /// entries (GTK wipes their buffers), destroys the window and calls
  /// `onFinish`.
  public func finish(_ result: PromptResult) {
    guard self.result == nil else { return }
    self.result = result
    observations.removeAll()
    passwordAids.detach()
    gtk_entry_set_text(lf_entry(password.entry), "")
    gtk_entry_set_text(lf_entry(username.entry), "")
    gtk_widget_destroy(window)
    onFinish(result)
  }

  /// Hands over the credentials if the form is valid; otherwise shows every
  /// issue and rings the error bell, leaving focus where it is.
  func submit() {
    if let credentials = model.submit() {
      finish(.submitted(credentials))
    } else {
      gtk_widget_error_bell(window)
    }
  }

  private func layOut(title: String) {
    let header = gtk_header_bar_new()!
    gtk_header_bar_set_title(lf_header_bar(header), title)
    gtk_header_bar_pack_start(lf_header_bar(header), cancelButton)
    gtk_header_bar_pack_end(lf_header_bar(header), doneButton)
    setStyleClass("suggested-action", on: doneButton, true)
    gtk_window_set_titlebar(lf_window(window), header)
    gtk_window_set_title(lf_window(window), title)
    gtk_window_set_default_size(lf_window(window), 420, -1)
    gtk_window_set_type_hint(lf_window(window), GDK_WINDOW_TYPE_HINT_DIALOG)
    gtk_window_set_position(lf_window(window), GTK_WIN_POS_CENTER)

    // GNOME HIG spacing: 18 px around the content, 12 between groups, 6 in them.
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(content, 18) }
    gtk_widget_set_margin_start(content, 18)
    gtk_widget_set_margin_end(content, 18)
    if let prompt {
      gtk_label_set_line_wrap(lf_label(prompt), true.gboolean)
      // A wrapping label's minimum width is one word, and GTK sizes the
      // window's height for its minimum width: give it a sensible one.
      gtk_label_set_width_chars(lf_label(prompt), 40)
      gtk_label_set_max_width_chars(lf_label(prompt), 50)
      gtk_label_set_xalign(lf_label(prompt), 0)
      gtk_box_pack_start(lf_box(content), prompt, false.gboolean, false.gboolean, 0)
    }
    let grid = gtk_grid_new()!
    gtk_grid_set_column_spacing(lf_grid(grid), 12)
    gtk_grid_set_row_spacing(lf_grid(grid), 6)
    username.attach(to: grid, row: 0)
    password.attach(to: grid, row: 2)
    gtk_box_pack_start(lf_box(content), grid, true.gboolean, true.gboolean, 0)
    gtk_container_add(lf_container(window), content)
    username.reserveMessageLine()
    password.reserveMessageLine()
  }

  private func configureEntries(prefill: String) {
    gtk_entry_set_input_purpose(lf_entry(password.entry), GTK_INPUT_PURPOSE_PASSWORD)
    gtk_entry_set_input_hints(lf_entry(username.entry), GTK_INPUT_HINT_NO_SPELLCHECK)
    // Set before "changed" is connected: a prefilled name is not an edit.
    gtk_entry_set_text(lf_entry(username.entry), prefill)
    gtk_widget_grab_focus(prefill.isEmpty ? username.entry : password.entry)
  }

  private func connectSignals() {
    for row in [username, password] {
      SignalConnection.connect(row.entry, "changed") { [weak self, row] in
        guard let self, result == nil else { return }
        model[row.field] = row.text
      }
    }
    SignalConnection.connect(username.entry, "activate") { [weak self] in
      guard let self else { return }
      gtk_widget_grab_focus(password.entry)
    }
    SignalConnection.connect(password.entry, "activate") { [weak self] in self?.submit() }
    SignalConnection.connect(doneButton, "clicked") { [weak self] in self?.submit() }
    SignalConnection.connect(cancelButton, "clicked") { [weak self] in self?.finish(.cancelled) }
    SignalConnection.connectEvent(window, "key-press-event") { [weak self] event in
      guard event.pointee.key.keyval == UInt32(GDK_KEY_Escape) else { return false }
      self?.finish(.cancelled)
      return true
    }
    SignalConnection.connectEvent(window, "delete-event") { [weak self] _ in
      self?.finish(.cancelled)
      return true
    }
  }

  private func bindModel() {
    observations = [
      model.observeValidity { [doneButton] valid in
        gtk_widget_set_sensitive(doneButton, valid.gboolean)
      },
      model.observeVisibleIssues(of: .username) { [username] in username.show($0) },
      model.observeVisibleIssues(of: .password) { [password] in password.show($0) },
    ]
  }
}
