import CGtk
import CSecretEntry
import LoginFormLockedMemory
import LoginFormMainLoop
import LoginFormModel
import LoginFormPrompt

/// The form window, bound one way to its model: each entry's "changed"
/// writes to the model (the username as text, a secret as a reference to its
/// locked buffer), and the model's observers set the widgets.
///
/// The window hands its result to `onFinish` exactly once and then destroys
/// itself; ending the process is the caller's business.
@MainActor package final class FormWindow: PromptSurface {
  /// The form the window edits.
  package let model: LoginForm
  /// How the window ended, once it has.
  package var result: PromptResult? { frame.result }
  /// The top-level GtkWindow.
  package var window: UnsafeMutablePointer<GtkWidget> { frame.window }
  /// The affirmative button, for benchmarks and tests that drive the widgets.
  package var doneButton: UnsafeMutablePointer<GtkWidget> { frame.okButton }
  /// Called after each change of the password, e.g. to rate its quality.
  package var onPasswordChange: (() -> Void)?
  /// Called when the user asks for a generated password.
  package var onGenerate: (() -> Void)?
  /// Called with what was typed, for a conversation (see
  /// `ConversationSurface`), instead of ending the window.
  package var onSubmit: ((SubmittedForm) -> Void)?
  /// Called with the option chosen in the form's choice.
  package var onChoose: ((Int) -> Void)?

  let frame: PromptFrame
  let rows: [FieldRow]
  let layout: FormLayout
  let description: FormDescription
  /// The other program's verdict on the password, when it must accept it.
  var externalCheck: ExternalCheckState?
  /// Whether submitting was tried while the checker held it back, so that
  /// its refusal shows as an error, as the model's issues then do.
  var submitWasHeldBack = false
  /// Whether a conversation waits for the other program: nothing can be
  /// typed or submitted meanwhile.
  var isWaiting = false
  var aids: [Field: PasswordAids] = [:]
  private var observations: [ObservationToken] = []

  /// Builds the window for `description`; call `present()` to show it.
  package init(
    description: FormDescription, onFinish: @escaping @MainActor (PromptResult) -> Void = { _ in }
  ) {
    self.description = description
    model = LoginForm(
      shape: description.shape, rules: description.rules, username: description.username)
    frame = PromptFrame(
      options: description.options, title: description.title, okLabel: description.okLabel,
      cancelLabel: description.cancelLabel)
    rows = description.shape.fields.map { field in
      FieldRow(
        field: field, mnemonicLabel: description.label(of: field), rules: description.rules[field],
        message: FieldMessage.Source(field: field, of: description))
    }
    layout = FormLayout(description: description, rows: rows, frame: frame)
    externalCheck = description.externalCheck.map { _ in ExternalCheckState() }
    frame.didEnd = onFinish
    AccessibleRoles.set(ATK_ROLE_DIALOG, of: frame.window)
    if let text = layout.text {
      for row in rows { AccessibleRoles.describe(row.entry, by: text) }
    }
    configureEntries()
    connectSignals()
    bindModel()
    if description.isConversation { wait() }
  }

  /// The row of `field`; the form must have it.
  func row(_ field: Field) -> FieldRow {
    rows.first { $0.field == field }!
  }

  /// The entry of `field`, for benchmarks and tests that drive the widgets.
  package func entry(of field: Field) -> UnsafeMutablePointer<GtkWidget> {
    row(field).entry
  }

  /// Shows the window with focus in the first field that needs the user;
  /// ends it at once instead when no locked memory can hold a secret.
  package func present() {
    if rows.contains(where: { $0.secret?.isExhausted == true }) {
      finish(.lockedMemoryUnavailable)
      return
    }
    frame.present()
  }

  /// Ends the prompt with `result` unless it has already ended.
  package func finish(_ result: PromptResult) {
    frame.end(result)
  }

  /// Shows the agent's rating of the password, from -100 to 100; an empty
  /// password shows none.
  package func showQuality(_ value: Int) {
    let isEmpty = gtk_entry_get_text_length(lf_entry(row(.password).entry)) == 0
    layout.showQuality(isEmpty ? nil : QualityRating(agentValue: value))
  }

  /// Puts `password` into the password field and its repeat, as if typed
  /// twice; for a generated password, which arrives in locked memory.
  ///
  /// A passphrase the user never saw must not be submitted by a stray
  /// Enter: both fields show it, it may be selected and copied (to the
  /// user's records: their choice, until they edit it or hide it), and the
  /// focus moves to the affirmative button, so that Enter submits what is
  /// on screen rather than asking for another.
  package func fill(password: LockedCString) {
    for field in [Field.password, .passwordRepeat] where model.shape.contains(field) {
      gtk_entry_set_text(lf_entry(row(field).entry), password.cString)
      aids[field]?.showRevealed(true)
      lf_secret_entry_keep_selection(lf_secret_entry(row(field).entry))
    }
    gtk_widget_grab_focus(frame.okButton)
  }

  /// Hands over the form if it is valid; otherwise shows every issue as an
  /// error and rings the bell, leaving focus where it is.
  func submit() {
    guard !isWaiting else { return }
    guard model.submit(), externalCheck?.allowsSubmit ?? true else {
      submitWasHeldBack = externalCheck != nil
      showMessage(of: .password)
      gtk_widget_error_bell(window)
      return
    }
    var password: LockedBytes?
    if model.shape.contains(.password) {
      // No locked memory left: end rather than hand over an unlocked copy,
      // or leave a window whose Done can do nothing.
      guard let copy = row(.password).secret?.lockedCopy() else {
        finish(.lockedMemoryUnavailable)
        return
      }
      password = copy
    }
    let username = model.shape.contains(.username) ? model.judgedUsername : nil
    let form = SubmittedForm(
      username: username, password: password,
      passwordWasRepeated: model.shape.contains(.passwordRepeat), remembers: layout.remembers)
    guard description.isConversation else {
      finish(.submitted(form))
      return
    }
    wait()
    onSubmit?(form)
  }

  /// Clears what the window holds as it ends: the entries are emptied
  /// (their locked buffers wipe what they drop), and the model stops
  /// reading them, since it may outlive them.
  private func clear() {
    observations.removeAll()
    for aid in aids.values { aid.detach() }
    for row in rows {
      gtk_entry_set_text(lf_entry(row.entry), "")
      row.secret?.invalidate()
    }
  }

  private func configureEntries() {
    let silent = description.passwordEcho == .silent
    for row in rows where row.field.isSecret {
      gtk_entry_set_input_purpose(lf_entry(row.entry), GTK_INPUT_PURPOSE_PASSWORD)
      if silent { lf_secret_entry_set_silent(lf_secret_entry(row.entry)) }
      let aid = PasswordAids(entry: row.entry, revealable: !silent) { [row] in
        row.showCapsLock($0)
      }
      if description.passwordEcho == .shownAtFirst { aid.showRevealed(true) }
      aids[row.field] = aid
    }
    if model.shape.contains(.username) {
      let entry = lf_entry(row(.username).entry)
      gtk_entry_set_input_hints(entry, GTK_INPUT_HINT_NO_SPELLCHECK)
      // Set before "changed" is connected: a prefilled name is not an edit.
      gtk_entry_set_text(entry, description.username)
    }
    focusFirstNeedingField()
  }

  /// Focuses where the user is needed: a missing or invalid username,
  /// otherwise the first secret.
  func focusFirstNeedingField() {
    let first =
      rows.first { $0.field != .username || !model.issues(of: .username).isEmpty } ?? rows[0]
    gtk_widget_grab_focus(first.entry)
  }

  private func connectSignals() {
    for (index, row) in rows.enumerated() {
      SignalConnection.connect(row.entry, "changed") { [weak self, row] in
        self?.edited(row)
      }
      if row.secret != nil, let buffer = gtk_entry_get_buffer(lf_entry(row.entry)) {
        // Typed text that did not fit in locked memory was refused.
        SignalConnection.connectNotify(buffer, property: "exhausted") { [weak self] in
          guard let self else { return }
          frame.setNotice(localized("No locked memory is left for the password"))
          gtk_widget_error_bell(window)
        }
      }
      SignalConnection.connectEvent(row.entry, "focus-out-event") { [weak self, row] _ in
        // Only focus moving inside the window counts as leaving the field;
        // switching to another window mid-typing does not.
        if let self, gtk_window_has_toplevel_focus(lf_window(window)) != 0 {
          model.leave(row.field)
          // A checker's refusal is no feedback of the model's, whose
          // change would redraw the line.
          showMessage(of: row.field)
        }
        return false
      }
      // Enter submits a valid form from any field; on an invalid one it
      // moves to the next field, and from the last it shows what is missing.
      let next = index + 1 < rows.count ? rows[index + 1] : nil
      SignalConnection.connect(row.entry, "activate") { [weak self, next] in
        guard let self else { return }
        if let next, !canSubmit {
          gtk_widget_grab_focus(next.entry)
        } else {
          submit()
        }
      }
    }
    SignalConnection.connect(frame.okButton, "clicked") { [weak self] in self?.submit() }
    if let cancel = frame.cancelButton {
      SignalConnection.connect(cancel, "clicked") { [weak self] in self?.finish(.cancelled) }
    }
    layout.onGenerate = { [weak self] in self?.onGenerate?() }
    if let chooser = layout.chooser {
      SignalConnection.connect(chooser, "changed") { [weak self] in
        self?.onChoose?(Int(gtk_combo_box_get_active(lf_combo_box(chooser))))
      }
    }
    frame.willEnd = { [weak self] in self?.clear() }
    frame.onKeyboardUnavailable = { [weak self] unavailable in
      guard let self else { return }
      updateEntries()
      updateDone()
      // Insensitive entries lost the focus; give it back where it belongs.
      if !unavailable { focusFirstNeedingField() }
    }
  }

  private func edited(_ row: FieldRow) {
    guard result == nil else { return }
    frame.stopCountdown()
    if let secret = row.secret {
      model.update(row.field, from: secret)
      if row.field == .password { passwordChanged() }
    } else {
      model.username = row.text
    }
    row.userEdited()
  }

  /// The entries' sensitivity, derived here alone: a keyboard the user
  /// could type with, and no conversation waiting for the other program.
  func updateEntries() {
    let sensitive = !frame.isKeyboardUnavailable && !isWaiting
    for row in rows { gtk_widget_set_sensitive(row.entry, sensitive.gboolean) }
  }

  /// Done's sensitivity, derived here alone: a valid form, and a keyboard
  /// the user could type it with (a form that accepts an empty password is
  /// valid from the start, and a click must not submit what was never
  /// typed).
  func updateDone() {
    gtk_widget_set_sensitive(frame.okButton, (canSubmit && !frame.isKeyboardUnavailable).gboolean)
  }

  /// Whether the form holds what may be handed over: valid, and accepted
  /// by the program that checks it, if one does.
  var canSubmit: Bool {
    model.isValid && (externalCheck?.allowsSubmit ?? true) && !isWaiting
  }

  private func bindModel() {
    observations.append(model.observeValidity { [weak self] _ in self?.updateDone() })
    for row in rows {
      observations.append(
        model.observeFeedback(of: row.field) { [weak self, row] _ in
          self?.showMessage(of: row.field)
        })
    }
  }
}
