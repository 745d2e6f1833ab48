import Testing

@testable import LoginFormProtocols

@Suite struct AssuanLineSplitterTests {
  /// What the glue sees: lines as text, and over-long lines as a marker.
  enum Seen: Equatable {
    case line(String)
    case overlong
  }

  /// Owns the storage, as the glue would in locked memory.
  final class Harness {
    let storage: UnsafeMutableBufferPointer<UInt8>
    var splitter: AssuanLineSplitter

    init(capacity: Int = 1001) {
      storage = .allocate(capacity: capacity)
      storage.initialize(repeating: 0xAA)
      splitter = AssuanLineSplitter(storage: storage)
    }

    deinit { storage.deallocate() }

    /// Reads `chunk` as one read(2) would, then takes every line out.
    func feed(_ chunk: [UInt8]) -> [Seen] {
      var rest = chunk[...]
      var seen: [Seen] = []
      repeat {
        let space = splitter.prepareForRead()
        #expect(!space.isEmpty)
        let count = min(space.count, rest.count)
        for (offset, byte) in rest.prefix(count).enumerated() { space[offset] = byte }
        rest = rest.dropFirst(count)
        splitter.didRead(count)
        while let input = splitter.nextLine() {
          switch input {
          case .line(let bytes): seen.append(.line(String(decoding: bytes, as: UTF8.self)))
          case .overlongLine: seen.append(.overlong)
          }
        }
      } while !rest.isEmpty
      return seen
    }

    func feed(_ text: String) -> [Seen] { feed(Array(text.utf8)) }

    func finish() -> Bool { splitter.finish() }
  }

  @Test func severalLinesInOneReadComeOutInOrder() {
    let harness = Harness()
    #expect(
      harness.feed("NOP\nGETPIN\r\n\nBYE\n") == [
        .line("NOP"), .line("GETPIN"), .line(""), .line("BYE"),
      ])
  }

  @Test func aLineSplitAcrossReadsIsJoined() {
    let harness = Harness()
    #expect(harness.feed("SETDESC Enter pass") == [])
    #expect(harness.feed("phrase%0A") == [])
    #expect(harness.feed("\nGETP") == [.line("SETDESC Enter passphrase%0A")])
    #expect(harness.feed("IN\n") == [.line("GETPIN")])
  }

  @Test func byteByByteReadsWork() {
    let harness = Harness()
    var seen: [Seen] = []
    for byte in "OPTION grab\nNOP\n".utf8 { seen += harness.feed([byte]) }
    #expect(seen == [.line("OPTION grab"), .line("NOP")])
  }

  @Test func aLineOfExactlyTheLimitIsAccepted() {
    let harness = Harness()
    let line = String(repeating: "x", count: 1000)
    #expect(harness.feed(line) == [])
    #expect(harness.feed("\n") == [.line(line)])
  }

  @Test func anOverlongLineIsReportedOnceAndSkippedToItsNewline() {
    let harness = Harness()
    #expect(harness.feed(String(repeating: "x", count: 1001)) == [.overlong])
    #expect(harness.feed(String(repeating: "y", count: 5000)) == [])
    #expect(harness.feed("zzz\nNOP\n") == [.line("NOP")])
  }

  @Test func anOverlongLineEndingInTheSameReadIsReportedInItsTurn() {
    let harness = Harness(capacity: 4096)
    let long = String(repeating: "x", count: 1500)
    #expect(harness.feed("NOP\n\(long)\nBYE\n") == [.line("NOP"), .overlong, .line("BYE")])
  }

  @Test func consumedBytesAreWiped() {
    let harness = Harness(capacity: 2048)
    #expect(harness.feed("D secret\nNOP\npart") == [.line("D secret"), .line("NOP")])
    _ = harness.splitter.prepareForRead()
    // Only the partial line is left, moved to the front; the rest is zero.
    #expect(Array(harness.storage.prefix(4)) == Array("part".utf8))
    #expect(harness.storage[4...].allSatisfy { $0 == 0 || $0 == 0xAA })
    #expect(!harness.storage.contains(UInt8(ascii: "s")))
    #expect(harness.finish())
    #expect(harness.storage.allSatisfy { $0 == 0 })
  }

  @Test func theLastLineHandedOutIsWipedByTheNextCall() {
    let harness = Harness()
    _ = harness.splitter.prepareForRead()
    for (offset, byte) in "D pw\n".utf8.enumerated() { harness.storage[offset] = byte }
    harness.splitter.didRead(5)
    guard case .line(let line) = harness.splitter.nextLine() else {
      Issue.record("no line")
      return
    }
    #expect(Array(line) == Array("D pw".utf8))
    #expect(harness.splitter.nextLine() == nil)
    #expect(harness.storage.prefix(5).allSatisfy { $0 == 0 })
  }

  @Test func endOfInputReportsAnIncompleteLine() {
    let harness = Harness()
    #expect(harness.feed("NOP\nGETP") == [.line("NOP")])
    #expect(harness.finish())
    #expect(!harness.finish())
    let clean = Harness()
    #expect(clean.feed("NOP\n") == [.line("NOP")])
    #expect(!clean.finish())
  }
}
