import CGtk

/// The password entry's helpers: a show/hide ("peek") icon and a Caps Lock
/// warning.
///
/// GTK's own Caps Lock warning uses the secondary icon slot, where the peek
/// icon lives, so it is turned off and this one uses the primary slot.
@MainActor final class PasswordAids {
  private let entry: UnsafeMutablePointer<GtkWidget>
  private let keymap: OpaquePointer?
  private var keymapHandler: gulong = 0

  /// Adds the helpers to `entry`, which must hide its text.
  init(entry: UnsafeMutablePointer<GtkWidget>) {
    self.entry = entry
    keymap = gdk_keymap_get_for_display(gtk_widget_get_display(entry))
    lf_entry_set_caps_lock_warning(lf_entry(entry), false.gboolean)
    showRevealed(false)
    SignalConnection.connectIconPress(entry) { [weak self] position in
      guard let self, position == GTK_ENTRY_ICON_SECONDARY else { return }
      showRevealed(!isRevealed)
    }
    for signal in ["focus-in-event", "focus-out-event"] {
      SignalConnection.connectEvent(entry, signal) { [weak self] _ in
        self?.updateCapsLockWarning()
        return false
      }
    }
    if let keymap {
      keymapHandler = SignalConnection.connect(UnsafeMutableRawPointer(keymap), "state-changed") {
        [weak self] in
        self?.updateCapsLockWarning()
      }
    }
  }

  /// Disconnects from the keymap, which outlives every window.
  func detach() {
    if let keymap, keymapHandler != 0 {
      g_signal_handler_disconnect(UnsafeMutableRawPointer(keymap), keymapHandler)
    }
    keymapHandler = 0
  }

  /// Whether the password is shown in clear.
  var isRevealed: Bool { gtk_entry_get_visibility(lf_entry(entry)) != 0 }

  /// Whether the Caps Lock warning is showing.
  var isWarningAboutCapsLock: Bool {
    gtk_entry_get_icon_name(lf_entry(entry), GTK_ENTRY_ICON_PRIMARY) != nil
  }

  /// Shows or hides the password, and says what the icon will do next.
  func showRevealed(_ revealed: Bool) {
    let text = lf_entry(entry)
    gtk_entry_set_visibility(text, revealed.gboolean)
    gtk_entry_set_icon_from_icon_name(
      text, GTK_ENTRY_ICON_SECONDARY, revealed ? "view-conceal-symbolic" : "view-reveal-symbolic")
    let action = revealed ? localized("Hide Password") : localized("Show Password")
    gtk_entry_set_icon_tooltip_text(text, GTK_ENTRY_ICON_SECONDARY, action)
    gtk_entry_set_icon_activatable(text, GTK_ENTRY_ICON_SECONDARY, true.gboolean)
    nameIcon(GTK_ENTRY_ICON_SECONDARY, action)
  }

  private func updateCapsLockWarning() {
    let on =
      gtk_widget_has_focus(entry) != 0
      && keymap.map { gdk_keymap_get_caps_lock_state($0) != 0 }
        ?? false
    guard on != isWarningAboutCapsLock else { return }
    let text = lf_entry(entry)
    gtk_entry_set_icon_from_icon_name(
      text, GTK_ENTRY_ICON_PRIMARY, on ? "dialog-warning-symbolic" : nil)
    if on {
      // Not activatable: a click on it does nothing, and GTK offers
      // assistive technology no action for it.
      gtk_entry_set_icon_activatable(text, GTK_ENTRY_ICON_PRIMARY, false.gboolean)
      let warning = localized("Caps Lock is on")
      gtk_entry_set_icon_tooltip_text(text, GTK_ENTRY_ICON_PRIMARY, warning)
      nameIcon(GTK_ENTRY_ICON_PRIMARY, warning)
    }
  }

  /// Gives an entry icon's accessible object a name, which GTK leaves empty.
  private func nameIcon(_ position: GtkEntryIconPosition, _ name: String) {
    let accessible = gtk_widget_get_accessible(entry)
    for index in 0..<atk_object_get_n_accessible_children(accessible) {
      guard let child = atk_object_ref_accessible_child(accessible, index) else { continue }
      defer { g_object_unref(child) }
      // GTK adds the primary icon's child first, then the secondary one.
      let isPrimary = gtk_entry_get_icon_name(lf_entry(entry), GTK_ENTRY_ICON_PRIMARY) != nil
      let wanted = position == GTK_ENTRY_ICON_PRIMARY ? 0 : (isPrimary ? 1 : 0)
      if index == wanted { atk_object_set_name(child, name) }
    }
  }
}
