/// Cuts the bytes read from a pipe into Assuan lines, in storage the caller
/// provides (and can lock), wiping every byte once it is consumed.
///
/// The glue's loop:
///
///     let space = splitter.prepareForRead()   // read(0, space.baseAddress, space.count)
///     splitter.didRead(count)                  // count == 0 at EOF: call finish()
///     while let input = splitter.nextLine() { … session.receive(line:) … }
///
/// Partial reads, several lines per read and lines split across reads all
/// work. A line longer than `maximumLineLength` is reported once, as soon
/// as it is known, and the splitter resynchronises at the next LF.
package struct AssuanLineSplitter {
  /// The longest line accepted, excluding its LF: Assuan's limit.
  package static let maximumLineLength = 1000

  private let storage: UnsafeMutableBufferPointer<UInt8>
  /// Unconsumed bytes are `storage[start..<end]`.
  private var start = 0
  private var end = 0
  /// The bytes of the last line handed out, wiped at the next call.
  private var handedOut: Range<Int>?
  /// Whether the rest of an over-long line is being skipped.
  private var skipping = false

  /// Uses `storage`, which must hold at least `maximumLineLength + 1`
  /// bytes and stay valid (and unused by others) while the splitter lives.
  /// A few kilobytes read faster.
  package init(storage: UnsafeMutableBufferPointer<UInt8>) {
    precondition(storage.count > Self.maximumLineLength, "storage must hold a whole line")
    self.storage = storage
  }

  /// Where to read next: never empty. Wipes the last line handed out and
  /// moves a partial line to the front first.
  package mutating func prepareForRead() -> UnsafeMutableBufferPointer<UInt8> {
    wipeHandedOut()
    if start > 0 {
      let count = end - start
      for offset in 0..<count { storage[offset] = storage[start + offset] }
      wipe(count..<end)
      (start, end) = (0, count)
    }
    return UnsafeMutableBufferPointer(rebasing: storage[end...])
  }

  /// Takes note that `count` bytes were read into the space
  /// `prepareForRead()` returned.
  package mutating func didRead(_ count: Int) {
    precondition(count >= 0 && end + count <= storage.count, "read past the space given")
    end += count
  }

  /// The next complete line or over-long line, or nil when more input is
  /// needed.
  package mutating func nextLine() -> AssuanInput? {
    wipeHandedOut()
    while let newline = storage[start..<end].firstIndex(of: LineByte.newline) {
      let line = start..<newline
      start = newline + 1
      if skipping {
        skipping = false
        wipe(line.lowerBound..<start)
        continue
      }
      if line.count > Self.maximumLineLength {
        wipe(line.lowerBound..<start)
        return .overlongLine
      }
      handedOut = line.lowerBound..<start
      // libassuan drops one CR before the LF.
      let content =
        line.last.map { storage[$0] } == LineByte.carriageReturn ? line.dropLast() : line
      return .line(UnsafeBufferPointer(rebasing: storage[content]))
    }
    guard end - start > Self.maximumLineLength else { return nil }
    // No LF within the limit: report now, so a client waiting for an answer
    // gets one, and skip the rest as it arrives.
    let reported = !skipping
    skipping = true
    wipe(start..<end)
    (start, end) = (0, 0)
    return reported ? .overlongLine : nil
  }

  /// Wipes everything at end of input (or when the session ends) and says
  /// whether an incomplete line was dropped.
  @discardableResult
  package mutating func finish() -> Bool {
    let incomplete = end > start || skipping
    wipe(0..<storage.count)
    (start, end, handedOut, skipping) = (0, 0, nil, false)
    return incomplete
  }

  private mutating func wipeHandedOut() {
    if let range = handedOut { wipe(range) }
    handedOut = nil
  }

  private func wipe(_ range: Range<Int>) {
    for index in range { storage[index] = 0 }
  }
}
