import CGLib
import Glibc
import LoginFormPrompt
import LoginFormTerminal
import PseudoTerminal
import Testing

/// A pseudo-terminal for a prompt to run on: the test types into its master
/// side and reads what the prompt wrote there; the prompt opens the slave by
/// its path, as it opens any terminal.
final class Pty {
  private(set) var master: Int32
  let path: String
  /// The slave, kept open to read its settings.
  private let slave: Int32
  private(set) var output: [UInt8] = []

  init() throws {
    var name = [CChar](repeating: 0, count: 64)
    master = lf_test_open_pseudo_terminal(&name, name.count)
    try #require(master >= 0)
    path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    slave = open(path, O_RDWR | O_NOCTTY)
    try #require(slave >= 0)
  }

  deinit {
    close(slave)
    hangUp()
  }

  /// Types `text` as a person would, byte by byte.
  func type(_ text: String) {
    type(Array(text.utf8))
  }

  func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
  }

  /// What the prompt wrote so far, as text.
  var text: String {
    readAll()
    return String(decoding: output, as: UTF8.self)
  }

  /// What the prompt wrote so far.
  var bytes: [UInt8] {
    readAll()
    return output
  }

  /// The slave's settings now.
  var settings: termios {
    var settings = termios()
    tcgetattr(slave, &settings)
    return settings
  }

  /// How many typed bytes wait on the terminal for a reader.
  var unreadInput: Int32 {
    var waiting: Int32 = 0
    _ = ioctl(slave, UInt(FIONREAD), &waiting)
    return waiting
  }

  /// Hangs up: the terminal goes away under the prompt.
  func hangUp() {
    if master >= 0 { close(master) }
    master = -1
  }

  private func readAll() {
    guard master >= 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let got = read(master, &buffer, buffer.count)
      guard got > 0 else { return }
      output += buffer[..<got]
    }
  }
}

/// Runs GLib's main loop until `condition` holds, for at most `seconds`.
@MainActor func pump(for seconds: Double = 5, until condition: () -> Bool = { false }) {
  let deadline = g_get_monotonic_time() + gint64(seconds * 1_000_000)
  while !condition(), g_get_monotonic_time() < deadline {
    while g_main_context_iteration(nil, false.gboolean) != 0 {}
    usleep(2000)
  }
}

extension Bool {
  var gboolean: gboolean { self ? 1 : 0 }
}

/// Whether two settings are the same, byte for byte.
func sameSettings(_ first: termios, _ second: termios) -> Bool {
  withUnsafeBytes(of: first) { first in withUnsafeBytes(of: second) { first.elementsEqual($0) } }
}
