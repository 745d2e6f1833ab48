import CGtk
import LoginFormPrompt

/// A secret entry's helpers: a show/hide ("peek") icon, also on Ctrl+H, and
/// a Caps Lock warning.
///
/// GTK's own Caps Lock warning uses the secondary icon slot, where the peek
/// icon lives, so it is turned off and this one uses the primary slot; the
/// row also says it in words.
@MainActor final class PasswordAids {
  private let entry: UnsafeMutablePointer<GtkWidget>
  private let keymap: OpaquePointer?
  private var keymapHandler: gulong = 0
  private let onCapsLock: @MainActor (Bool) -> Void

  /// The peek shortcut, named in the icon's tooltip.
  static let revealKey = GDK_KEY_h

  /// Adds the helpers to `entry`, which must hide its text; `onCapsLock`
  /// hears whether Caps Lock is on while the entry has the focus. Without
  /// `revealable` (a silent entry) there is no peek at all.
  init(
    entry: UnsafeMutablePointer<GtkWidget>, revealable: Bool = true,
    onCapsLock: @escaping @MainActor (Bool) -> Void
  ) {
    self.entry = entry
    self.onCapsLock = onCapsLock
    keymap = Self.keymap(for: entry)
    lf_entry_set_caps_lock_warning(lf_entry(entry), false.gboolean)
    if revealable {
      showRevealed(false)
      SignalConnection.connectIconPress(entry) { [weak self] position in
        guard let self, position == GTK_ENTRY_ICON_SECONDARY else { return }
        showRevealed(!isRevealed)
      }
      SignalConnection.connectEvent(entry, "key-press-event") { [weak self] event in
        let key = event.pointee.key
        let control = key.state & GDK_CONTROL_MASK.rawValue != 0
        guard let self, control, gdk_keyval_to_lower(key.keyval) == UInt32(Self.revealKey) else {
          return false
        }
        showRevealed(!isRevealed)
        return true
      }
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
    gtk_entry_set_icon_tooltip_text(
      // TRANSLATORS: %s is "Show Password" or "Hide Password"; Ctrl+H is the shortcut, keep it as is.
      text, GTK_ENTRY_ICON_SECONDARY, formatted(localized("%s (Ctrl+H)"), action))
    gtk_entry_set_icon_activatable(text, GTK_ENTRY_ICON_SECONDARY, true.gboolean)
    nameIcon(GTK_ENTRY_ICON_SECONDARY, action)
  }

  private func updateCapsLockWarning() {
    let on =
      gtk_widget_has_focus(entry) != 0
      && keymap.map { gdk_keymap_get_caps_lock_state($0) != 0 }
        ?? false
    guard on != isWarningAboutCapsLock else { return }
    onCapsLock(on)
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

  /// The display's keymap, if it has a keyboard: a seatless Wayland
  /// compositor has none, and asking for its keymap is a Gdk-CRITICAL. (The
  /// seat's master keyboard, not its capabilities: with core events, as
  /// under test, the capabilities list no devices at all.)
  private static func keymap(for entry: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
    guard let display = gtk_widget_get_display(entry),
      let seat = gdk_display_get_default_seat(display), gdk_seat_get_keyboard(seat) != nil
    else { return nil }
    return gdk_keymap_get_for_display(display)
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
