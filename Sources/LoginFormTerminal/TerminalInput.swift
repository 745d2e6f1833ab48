import CGLib
import Glibc
import LoginFormLockedMemory
import LoginFormModel

/// What is typed into one field on the terminal, in a fixed block of locked
/// memory: the text as UTF-8, then the bytes of a character still being
/// typed. The model reads the text in place (it is a `SecretText`), and the
/// bytes arrive here one at a time from the terminal, so a secret is never
/// anywhere else; the username is read out as text only because it is not
/// one.
///
/// Invariant: the first `count` bytes are whole UTF-8 characters, the next
/// `pending` bytes are what was typed of the next one, and everything
/// after is zero.
package final class TerminalInput: SecretText, TypedText {
  private let region: LockedRegion
  private let charset: TerminalCharset
  private let maximumScalars: Int
  /// How many bytes of whole characters it holds.
  package private(set) var count = 0
  private var pending = 0
  private var scalars = 0

  /// Room for `maximumScalars` code points (the entry's cap: see
  /// `FieldRules.capacity`) typed in `charset`; nil when no locked memory
  /// is left.
  package init?(maximumScalars: Int, charset: TerminalCharset) {
    let capacity = maximumScalars * 4 + TerminalCharset.maximumCharacterBytes
    guard let region = LockedRegion(capacity: capacity) else { return nil }
    self.region = region
    self.charset = charset
    self.maximumScalars = maximumScalars
  }

  /// Whether nothing was typed.
  package var isEmpty: Bool { count == 0 }

  package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try body(UnsafeBufferPointer(rebasing: region.bytes[..<count]))
  }

  package func appendPending(_ byte: UInt8) -> Bool {
    guard scalars < maximumScalars, count + pending < region.bytes.count else { return false }
    region.bytes[count + pending] = byte
    pending += 1
    return true
  }

  package func completePending() -> PendingCharacter {
    let typed = UnsafeBufferPointer(rebasing: region.bytes[count..<count + pending])
    var converted = 0
    let status = charset.decode(typed) { utf8 in
      // In place of the typed bytes: one character takes no more room in
      // UTF-8 than the capacity keeps free for it.
      guard count + utf8.count <= region.bytes.count else { return }
      for (index, byte) in utf8.enumerated() { region.bytes[count + index] = byte }
      converted = utf8.count
    }
    switch status {
    case .complete where converted > 0:
      wipe(from: count + converted, to: count + max(pending, converted))
      scalars += utf8Scalars(count..<count + converted)
      count += converted
      pending = 0
      return .complete
    case .incomplete:
      return .incomplete
    default:
      dropPending()
      return .invalid
    }
  }

  /// Appends `text`, which is UTF-8 already and no secret (a username the
  /// caller filled in); false, with nothing appended, when it does not fit.
  package func append(text: String) -> Bool {
    let bytes = text.utf8
    guard pending == 0, scalars + text.unicodeScalars.count <= maximumScalars,
      count + bytes.count <= region.bytes.count
    else { return false }
    for (index, byte) in bytes.enumerated() { region.bytes[count + index] = byte }
    count += bytes.count
    scalars += text.unicodeScalars.count
    return true
  }

  /// Appends `bytes`, which are valid UTF-8 (a generated passphrase, read
  /// in place from locked memory); false, with nothing appended, when they
  /// do not fit.
  package func append(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let added = bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    guard pending == 0, scalars + added <= maximumScalars, count + bytes.count <= region.bytes.count
    else { return false }
    for (index, byte) in bytes.enumerated() { region.bytes[count + index] = byte }
    count += bytes.count
    scalars += added
    return true
  }

  package func dropPending() {
    wipe(from: count, to: count + pending)
    pending = 0
  }

  /// Removes the last character (code point), as Backspace does.
  package func removeLast() {
    dropPending()
    var start = count
    while start > 0 {
      start -= 1
      if region.bytes[start] & 0xC0 != 0x80 { break }
    }
    truncate(to: start)
  }

  /// Removes the last word and the spaces after it, as Ctrl+W does.
  package func removeLastWord() {
    dropPending()
    var end = count
    while end > 0, region.bytes[end - 1] == 0x20 { end -= 1 }
    while end > 0, region.bytes[end - 1] != 0x20 { end -= 1 }
    truncate(to: end)
  }

  /// Removes everything, as Ctrl+U does.
  package func removeAll() {
    dropPending()
    truncate(to: 0)
  }

  private func truncate(to length: Int) {
    scalars -= utf8Scalars(length..<count)
    wipe(from: length, to: count)
    count = length
  }

  private func utf8Scalars(_ range: Range<Int>) -> Int {
    region.bytes[range].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
  }

  private func wipe(from start: Int, to end: Int) {
    guard end > start else { return }
    explicit_bzero(region.bytes.baseAddress! + start, end - start)
  }
}
