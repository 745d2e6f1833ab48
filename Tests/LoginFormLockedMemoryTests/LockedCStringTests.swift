import Glibc
import Testing

@testable import LoginFormLockedMemory

/// A secret as a C string for GTK: terminated, whatever it holds.
@Suite struct LockedCStringTests {
  @Test func theCopyIsTerminatedRightAfterItsBytes() throws {
    let text = Array("correct horse".utf8)
    let copy = try #require(text.withUnsafeBufferPointer { LockedCString(copying: $0) })
    #expect(strlen(copy.cString) == text.count)
    let withTerminator = UnsafeRawBufferPointer(start: copy.cString, count: text.count + 1)
    #expect(Array(withTerminator) == text + [0])
  }

  @Test func anEmptySecretIsAnEmptyString() throws {
    let copy = try #require([UInt8]().withUnsafeBufferPointer { LockedCString(copying: $0) })
    #expect(copy.cString.pointee == 0)
  }

  @Test func theCopyOwnsItsBytes() throws {
    var text = Array("s3cret".utf8)
    let copy = try #require(text.withUnsafeBufferPointer { LockedCString(copying: $0) })
    text[0] = UInt8(ascii: "X")
    #expect(strcmp(copy.cString, "s3cret") == 0)
  }
}
