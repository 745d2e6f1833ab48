import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// What a prompt leaves behind when it ends: nothing that reads its entries
/// or listens to what outlives it.
final class LifetimeTests: GtkTestCase {
  func testAnEndedPromptsModelNoLongerReadsTheEntry() throws {
    try MainActor.assumeIsolated {
      let window = makeWindow(lenient(.passwordOnly))
      let buffer = try XCTUnwrap(gtk_entry_get_buffer(lf_entry(window.entry(of: .password))))
      g_object_ref(buffer)
      defer { g_object_unref(buffer) }
      setText("hunter22", of: .password, in: window)
      window.finish(.cancelled)
      // The buffer lives on here; were the model still reading it, it would
      // see this (in the real window the buffer is gone: a use after free).
      gtk_entry_buffer_set_text(buffer, "zzz", -1)
      XCTAssertEqual(window.model.withSecretUTF8(.password) { $0.count }, 0)
    }
  }

  func testAnEndedPromptStopsListeningToTheKeymap() throws {
    try MainActor.assumeIsolated {
      let keymap = try XCTUnwrap(
        gdk_keymap_get_for_display(gdk_display_get_default()),
        "the display has a keymap (Caps Lock is watched on it)")
      let before = stateChangedHandlers(on: keymap)
      let window = makeWindow(lenient(.passwordOnly.repeatingPassword))
      // GtkEntry adds its own while an entry has the focus.
      XCTAssertGreaterThanOrEqual(
        stateChangedHandlers(on: keymap), before + 2, "each secret entry watches Caps Lock")
      window.finish(.cancelled)
      XCTAssertEqual(stateChangedHandlers(on: keymap), before)
    }
  }
}

/// How many handlers are connected to the keymap's "state-changed": each
/// is found and blocked in turn, so the next search finds another, then all
/// are unblocked. (GLib's block-all needs a function or data to match.)
@MainActor private func stateChangedHandlers(on keymap: OpaquePointer) -> Int {
  let instance = UnsafeMutableRawPointer(keymap)
  let signal = g_signal_lookup("state-changed", gdk_keymap_get_type())
  let unblocked = GSignalMatchType(G_SIGNAL_MATCH_ID.rawValue | G_SIGNAL_MATCH_UNBLOCKED.rawValue)
  var found: [gulong] = []
  while case let handler = g_signal_handler_find(instance, unblocked, signal, 0, nil, nil, nil),
    handler != 0
  {
    g_signal_handler_block(instance, handler)
    found.append(handler)
  }
  for handler in found { g_signal_handler_unblock(instance, handler) }
  return found.count
}
