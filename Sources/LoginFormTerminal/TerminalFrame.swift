import CGLib
import CTerminal
import Glibc
import LoginFormMainLoop
import LoginFormPrompt

/// What both terminal prompts share, as PromptFrame is for the windows:
/// the terminal and its keys on GLib's main loop (beside whatever else the
/// loop reads, such as gpg-agent on standard input), the countdown, the
/// redraw after the job is continued, and the one way a prompt ends.
@MainActor final class TerminalFrame {
  let terminal: Terminal
  private let options: PromptOptions
  private(set) var decoder = KeyDecoder()
  /// How the prompt ended, once it has.
  private(set) var result: PromptResult?
  /// The time left, while the countdown runs.
  private(set) var timeLeft: String?
  /// Whether the cursor is on a line the prompt has not ended yet.
  private var lineIsOpen = false
  /// The columns drawn on that line.
  private var drawnWidth = 0
  private var sources: [guint] = []
  private var countdown: Countdown?
  private var escapeTimer: guint = 0

  /// Called with each byte typed, to decode with `decoder`.
  var onByte: (@MainActor (UInt8) -> Void)?
  /// Called when the line being typed must be drawn again: the time left
  /// changed, or the job was continued after a stop.
  var onRedraw: (@MainActor (_ onNewLine: Bool) -> Void)?
  /// Called once, as the prompt ends, before the terminal closes: the
  /// place to wipe what was typed.
  var willEnd: (@MainActor () -> Void)?
  /// Called once, with the result, after the terminal is closed.
  var didEnd: (@MainActor (PromptResult) -> Void)?

  /// How long a lone Esc waits for the rest of a key's escape sequence.
  static let escapeMilliseconds: UInt32 = 50

  init(terminal: Terminal, options: PromptOptions) {
    self.terminal = terminal
    self.options = options
  }

  /// Puts the terminal in prompt mode, starts reading keys and, with a
  /// timeout, counting down. A terminal that refuses prompt mode ends the
  /// prompt as cancelled: it could not be typed on safely.
  func start() {
    guard terminal.begin() else { return end(.cancelled) }
    sources.append(
      MainLoopSource.readable(terminal.descriptor) { [weak self] in
        self?.readable() ?? false
      })
    let continued = lf_terminal_continued_fd()
    if continued >= 0 {
      sources.append(
        MainLoopSource.readable(continued) { [weak self] in
          var byte: UInt8 = 0
          while read(continued, &byte, 1) == 1 {}
          self?.onRedraw?(true)
          return true
        })
    }
    countdown = options.timeoutSeconds.map { seconds in
      Countdown(
        seconds: seconds,
        show: { [weak self] text in
          guard let self, text != timeLeft else { return }
          timeLeft = text
          // Not while the countdown starts: the prompt is drawn after.
          if countdown != nil { onRedraw?(false) }
        },
        expire: { [weak self] in self?.end(.timedOut) })
    }
  }

  /// Writes lines, each ended.
  func writeLines(_ lines: [String]) {
    write(lines.map { $0 + "\n" }.joined())
  }

  /// Writes `label`, then `secret` exactly as it is, as a line of its own:
  /// a generated passphrase the user asked to see. False, with only the
  /// label written, when the terminal cannot show it (see
  /// `Terminal.write(printableASCII:)`).
  func writeLine(_ label: String, secret: UnsafeBufferPointer<UInt8>) -> Bool {
    write((lineIsOpen ? "\n" : "") + label)
    guard result == nil, terminal.write(printableASCII: secret) else {
      endLine()
      return false
    }
    endLine()
    return true
  }

  /// Draws `line` as the line being typed, over what was drawn there: a
  /// carriage return, the line, then spaces over the rest of the old one
  /// and backspaces to come back, which every terminal understands (no
  /// escape sequence is ever written). A line that wraps cannot be drawn
  /// over, so it starts a new line instead, as does `onNewLine`.
  func drawLine(_ line: String, onNewLine: Bool = false) {
    let width = TerminalText.width(line)
    let columns = terminal.columns
    if onNewLine || drawnWidth >= columns || width >= columns {
      write((lineIsOpen || onNewLine ? "\n" : "") + line)
    } else {
      let rest = max(0, drawnWidth - width)
      write(
        "\r" + line + String(repeating: " ", count: rest) + String(repeating: "\u{8}", count: rest))
    }
    drawnWidth = width
  }

  /// Adds `text` at the end of the line being typed.
  func appendToLine(_ text: String) {
    write(text)
    drawnWidth += TerminalText.width(text)
  }

  /// Brings what is typed at the end of the line from `old` to `new`,
  /// both as shown: writes only what was added when `new` extends `old`;
  /// false, writing nothing, when the line must be drawn again.
  func extendTyped(from old: String, to new: String) -> Bool {
    guard new.hasPrefix(old) else { return false }
    appendToLine(String(new.dropFirst(old.count)))
    return true
  }

  /// Ends the line being typed.
  func endLine() {
    write("\n")
  }

  private func write(_ text: String) {
    guard result == nil, !text.isEmpty else { return }
    lineIsOpen = !text.hasSuffix("\n")
    if !lineIsOpen { drawnWidth = 0 }
    if !terminal.write(text) { end(.cancelled) }
  }

  /// Stops the countdown for good: the first key was typed.
  func stopCountdown() {
    countdown?.stop()
    countdown = nil
  }

  /// Ends the prompt with `result`, unless it has already ended: the only
  /// way a terminal prompt ends. Puts the terminal's settings back.
  func end(_ result: PromptResult) {
    guard self.result == nil else { return }
    if lineIsOpen { _ = terminal.write("\n") }
    self.result = result
    willEnd?()
    for source in sources + [escapeTimer] { MainLoopSource.remove(source) }
    sources = []
    countdown = nil
    escapeTimer = 0
    terminal.close()
    didEnd?(result)
  }

  /// Decodes `byte` into `text`, minding a lone Esc's wait.
  func decode(_ byte: UInt8, into text: some TypedText) -> KeyEvent {
    MainLoopSource.remove(escapeTimer)
    escapeTimer = 0
    let event = decoder.feed(byte, into: text)
    if event == .escapePending {
      escapeTimer = MainLoopSource.repeating(milliseconds: Self.escapeMilliseconds) {
        [weak self] in
        guard let self else { return false }
        escapeTimer = 0
        if decoder.escapeTimedOut() == .cancel { end(.cancelled) }
        return false
      }
    }
    return event
  }

  /// Reads the byte that is there; false (remove the source) once the
  /// terminal is gone, which cancels the prompt.
  private func readable() -> Bool {
    switch terminal.read() {
    case .byte(let byte):
      onByte?(byte)
      return result == nil
    case .nothing:
      return true
    case .hungUp:
      end(.cancelled)
      return false
    }
  }
}
