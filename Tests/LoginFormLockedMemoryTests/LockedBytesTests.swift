import Glibc
import LoginFormTestSupport
import Testing

@testable import LoginFormLockedMemory

/// Secret bytes in a fixed locked region: they keep their order, never
/// grow past their capacity, are wiped when removed, and are read from a
/// descriptor straight into the region.
@Suite struct LockedBytesTests {
  @Test func appendedBytesReadBackInOrder() throws {
    let bytes = try #require(LockedBytes(capacity: 8))
    for byte in "pass".utf8 { bytes.append(byte) }
    #expect(bytes.count == 4)
    #expect(bytes.withUTF8 { Array($0) } == Array("pass".utf8))
    #expect(!bytes.isFull)
  }

  @Test func aCopyHoldsExactlyTheBytesAndIsFull() throws {
    let source: [UInt8] = [0, 1, 0xFF, 10]
    let copy = try #require(source.withUnsafeBufferPointer { LockedBytes(copying: $0) })
    #expect(copy.withUTF8 { Array($0) } == source)
    #expect(copy.capacity == 4)
    #expect(copy.isFull)
  }

  @Test func removingAllWipesTheBytesItHeld() throws {
    let bytes = try #require(LockedBytes(capacity: 16))
    for byte in "hunter2".utf8 { bytes.append(byte) }
    let held = bytes.withUTF8 { UnsafeBufferPointer(start: $0.baseAddress, count: 16) }
    bytes.removeAll()
    #expect(bytes.count == 0)
    #expect(held.allSatisfy { $0 == 0 })
    bytes.append(UInt8(ascii: "x"))
    #expect(bytes.withUTF8 { Array($0) } == [UInt8(ascii: "x")])
  }

  @Test func appendingPastTheCapacityStopsTheProgramRatherThanGrowing() async {
    await #expect(processExitsWith: .failure) {
      let bytes = LockedBytes(capacity: 2)!
      for byte in "abc".utf8 { bytes.append(byte) }
    }
  }

  @Test func readingAPipeToItsEndTakesAllOfIt() throws {
    let pipe = TestPipe()
    pipe.write("username=alice\npassword=s3cret\n")
    pipe.closeWriteEnd()
    let bytes = try #require(LockedBytes(capacity: 100))
    #expect(bytes.appendReading(from: pipe.readEnd) == .endOfInput)
    #expect(bytes.withUTF8 { Array($0) } == Array("username=alice\npassword=s3cret\n".utf8))
  }

  @Test func readingStopsWhenFullAndLeavesTheRestInThePipe() throws {
    let pipe = TestPipe()
    pipe.write("0123456789")
    let bytes = try #require(LockedBytes(capacity: 4))
    #expect(bytes.appendReading(from: pipe.readEnd) == .full)
    #expect(bytes.withUTF8 { Array($0) } == Array("0123".utf8))
    #expect(pipe.readText() == "456789")
  }

  @Test func readingAfterAppendingFillsOnlyTheRoomLeft() throws {
    let pipe = TestPipe()
    pipe.write("cdefgh")
    let bytes = try #require(LockedBytes(capacity: 5))
    bytes.append(UInt8(ascii: "a"))
    bytes.append(UInt8(ascii: "b"))
    #expect(bytes.appendReading(from: pipe.readEnd) == .full)
    #expect(bytes.withUTF8 { Array($0) } == Array("abcde".utf8))
    #expect(pipe.readText() == "fgh")
  }

  @Test func aFailedReadSaysWhyAndKeepsWhatCameBefore() throws {
    let pipe = TestPipe()
    pipe.write("par")
    let bytes = try #require(LockedBytes(capacity: 10))
    // The pipe is still open but empty: the next read would block.
    #expect(bytes.appendReading(from: pipe.readEnd) == .failed(EAGAIN))
    #expect(bytes.withUTF8 { Array($0) } == Array("par".utf8))
    #expect(bytes.appendReading(from: -1) == .failed(EBADF))
    #expect(bytes.count == 3)
  }
}
