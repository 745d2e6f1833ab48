import Glibc
import LoginFormTestSupport
import Testing

@testable import LoginFormLockedMemory

/// Writing a buffer to a descriptor: all of it, in order, or the reason it
/// could not be.
@Suite struct DescriptorOutputTests {
  @Test func everyByteArrivesInOrder() {
    let pipe = TestPipe()
    let text = Array("D secret\nOK\n".utf8)
    let failure = text.withUnsafeBufferPointer { DescriptorOutput.write($0, to: pipe.writeEnd) }
    #expect(failure == nil)
    #expect(pipe.readAvailable() == text)
  }

  @Test func aDescriptorThatCannotBeWrittenGivesItsErrno() {
    let pipe = TestPipe()
    let failure = [UInt8(ascii: "x")].withUnsafeBufferPointer {
      DescriptorOutput.write($0, to: pipe.readEnd)
    }
    #expect(failure == EBADF)
  }

  @Test func whatFitsBeforeAFailureIsWrittenOnceAndInOrder() {
    // A pipe that does not wait takes what fits in its buffer, then
    // refuses the rest: the first write is partial, the next fails.
    let pipe = TestPipe()
    _ = fcntl(pipe.writeEnd, F_SETFL, O_NONBLOCK)
    let text = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }
    let failure = text.withUnsafeBufferPointer { DescriptorOutput.write($0, to: pipe.writeEnd) }
    #expect(failure == EAGAIN)
    let written = pipe.readAvailable()
    #expect(!written.isEmpty && written.count < text.count)
    #expect(written.elementsEqual(text.prefix(written.count)))
  }
}
