import CGLib
import CTerminal
import Glibc
import LoginFormLockedMemory
import LoginFormPrompt

/// A terminal in prompt mode: opened by path (never standard input or
/// output, which belong to the protocol), its settings saved and put back
/// when it closes, whatever ends the prompt (see CTerminal for signals and
/// exit).
@MainActor package final class Terminal {
  /// The path it was opened by.
  package let path: String
  /// Its descriptor, while open.
  let descriptor: Int32
  /// The character set it speaks.
  package let charset: TerminalCharset
  /// Where each byte is read, so that a secret's byte is never in ordinary
  /// memory, not even on its way to the field.
  private let cell: LockedRegion
  private var isOpen = true
  private var isInPromptMode = false

  private init(path: String, descriptor: Int32, charset: TerminalCharset, cell: LockedRegion) {
    self.path = path
    self.descriptor = descriptor
    self.charset = charset
    self.cell = cell
  }

  /// Opens the terminal at `path`; `locale` names its character set (nil:
  /// this process's). The controlling terminal, `/dev/tty`, that cannot be
  /// opened means the process has none.
  package static func open(path: String, locale: String?) throws(TerminalProblem) -> Terminal {
    guard let cell = LockedRegion(capacity: 1) else { throw .unusable(path, errno: ENOMEM) }
    let descriptor = lf_terminal_open(path)
    if descriptor < 0 {
      let code = errno
      if path == "/dev/tty", code == ENXIO || code == ENOENT { throw .noControllingTerminal }
      throw code == ENOTTY ? .notATerminal(path) : .unusable(path, errno: code)
    }
    return Terminal(
      path: path, descriptor: descriptor, charset: .of(locale: locale), cell: cell)
  }

  /// Puts the terminal in prompt mode (no echo, each key as it is typed):
  /// called as the prompt shows, once whoever runs it handles SIGINT,
  /// SIGTERM and SIGHUP, so that no signal can end the process between
  /// this and the settings being put back. False when the terminal
  /// refuses.
  func begin() -> Bool {
    isInPromptMode = lf_terminal_begin(descriptor) == 0
    return isInPromptMode
  }

  /// The width in columns; 80 when the terminal does not say.
  var columns: Int {
    let columns = Int(lf_terminal_columns(descriptor))
    return columns > 0 ? columns : 80
  }

  /// Writes `text` in the terminal's character set; false when the
  /// terminal is gone.
  @discardableResult
  func write(_ text: String) -> Bool {
    guard isOpen else { return false }
    return charset.encode(text).withUnsafeBufferPointer { writeAll($0) }
  }

  /// Writes `bytes` as they are, from where they are: a secret the user
  /// asked to see (a generated passphrase), which must not be copied into
  /// ordinary memory on its way. Only printable ASCII, which every
  /// terminal's character set shows alike, is written; false when `bytes`
  /// hold anything else or the terminal is gone.
  func write(printableASCII bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard isOpen, bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return false }
    return writeAll(bytes)
  }

  private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        switch errno {
        case EINTR: continue
        case EAGAIN:
          // The terminal takes no more for now (its reader is slow): wait.
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          if poll(&ready, 1, -1) < 0, errno != EINTR { return false }
          continue
        default: return false
        }
      }
      offset += written
    }
    return true
  }

  /// Rings the bell.
  func bell() {
    write("\u{7}")
  }

  /// How a read ended.
  enum Read {
    /// A byte was typed.
    case byte(UInt8)
    /// Nothing to read after all (interrupted).
    case nothing
    /// The terminal is gone (hung up, closed).
    case hungUp
  }

  /// Reads one byte.
  func read() -> Read {
    let got = Glibc.read(descriptor, cell.bytes.baseAddress, 1)
    defer { cell.wipe() }
    if got == 1 { return .byte(cell.bytes[0]) }
    if got < 0, errno == EINTR || errno == EAGAIN { return .nothing }
    return .hungUp
  }

  /// Drops what was typed or pasted and not read yet, so that the rest of
  /// a refused answer cannot answer the question asked again.
  func discardTypedAhead() {
    guard isOpen else { return }
    lf_terminal_discard_input(descriptor)
  }

  /// Stops the job as Ctrl+Z would, when this is its terminal; false when
  /// the job is not this process's to stop.
  func suspendJob() -> Bool {
    lf_terminal_suspend_job(descriptor)
  }

  /// Puts the saved settings back (dropping what was typed ahead) and
  /// closes the terminal. Closing twice is harmless.
  func close() {
    guard isOpen else { return }
    isOpen = false
    if isInPromptMode { lf_terminal_end() }
    Glibc.close(descriptor)
  }

  isolated deinit {
    close()
  }
}
