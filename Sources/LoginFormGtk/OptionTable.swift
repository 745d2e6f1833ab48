import CGtk

/// The storage GOptionContext writes parsed values into, and the entries
/// that point at it. Values are read back as Swift values after parsing.
///
/// Numbers are taken as text and checked by the caller: GLib's integer kind
/// silently accepts every 32-bit value, so no sentinel can tell "not given"
/// from a given value, and its range is not the option's.
final class OptionTable {
  private enum Kind {
    case text, flag
  }

  private struct Slot {
    let name: String
    let kind: Kind
    let storage: UnsafeMutableRawPointer
  }

  private var slots: [Slot] = []
  private var entries: [GOptionEntry] = []
  private var strings: [UnsafeMutablePointer<CChar>] = []

  /// Adds a text option. Text is taken as raw bytes (GLib's FILENAME kind) so
  /// that the caller's locale cannot reject it and it can be checked as UTF-8.
  func text(_ name: String, _ description: String, placeholder: String) {
    add(name, .text, G_OPTION_ARG_FILENAME, description, placeholder)
  }

  /// Adds an option without a value.
  func flag(_ name: String, _ description: String) {
    add(name, .flag, G_OPTION_ARG_NONE, description, nil)
  }

  /// The entries for `g_option_context_add_main_entries`, ending with the
  /// empty entry GLib expects. Valid while the table lives.
  var mainEntries: UnsafeMutablePointer<GOptionEntry> {
    let buffer = UnsafeMutablePointer<GOptionEntry>.allocate(capacity: entries.count + 1)
    buffer.initialize(from: entries, count: entries.count)
    (buffer + entries.count).initialize(to: GOptionEntry())
    buffers.append(buffer)
    return buffer
  }
  private var buffers: [UnsafeMutablePointer<GOptionEntry>] = []

  /// The bytes given for a text option, or nil when it was not given.
  func textBytes(_ name: String) -> UnsafePointer<CChar>? {
    slot(name).storage.assumingMemoryBound(to: UnsafePointer<CChar>?.self).pointee
  }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool {
    slot(name).storage.assumingMemoryBound(to: gboolean.self).pointee != 0
  }

  deinit {
    for slot in slots {
      if slot.kind == .text {
        g_free(slot.storage.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self).pointee)
      }
      slot.storage.deallocate()
    }
    for string in strings { free(string) }
    for buffer in buffers { buffer.deallocate() }
  }

  private func slot(_ name: String) -> Slot {
    guard let slot = slots.first(where: { $0.name == name }) else {
      preconditionFailure("option --\(name) was never declared")
    }
    return slot
  }

  private func add(
    _ name: String, _ kind: Kind, _ arg: GOptionArg, _ description: String, _ placeholder: String?
  ) {
    let storage: UnsafeMutableRawPointer
    switch kind {
    case .text:
      let pointer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
      pointer.initialize(to: nil)
      storage = UnsafeMutableRawPointer(pointer)
    case .flag:
      let pointer = UnsafeMutablePointer<gboolean>.allocate(capacity: 1)
      pointer.initialize(to: 0)
      storage = UnsafeMutableRawPointer(pointer)
    }
    slots.append(Slot(name: name, kind: kind, storage: storage))
    entries.append(
      GOptionEntry(
        long_name: keep(name), short_name: 0, flags: 0, arg: arg, arg_data: storage,
        description: keep(description), arg_description: placeholder.map(keep)))
  }

  /// A C copy of `string` that lives as long as the table.
  private func keep(_ string: String) -> UnsafePointer<CChar> {
    let copy = strdup(string)!
    strings.append(copy)
    return UnsafePointer(copy)
  }
}
