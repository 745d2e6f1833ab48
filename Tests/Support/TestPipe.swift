import Glibc

/// A pipe of the test's own, for code that reads or writes a descriptor:
/// the test writes what the code reads, or reads what it wrote. Reading
/// never blocks, so a test that expects output it did not get fails
/// rather than hangs.
package final class TestPipe {
  /// The end the code under test, or the test, reads from.
  package let readEnd: Int32
  /// The end written to; -1 once closed.
  package private(set) var writeEnd: Int32

  package init() {
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0, "a test pipe")
    readEnd = ends[0]
    writeEnd = ends[1]
    // Not inherited by the programs other tests start.
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(readEnd, F_SETFL, O_NONBLOCK)
  }

  /// Writes `bytes` into the pipe at once (they must fit its buffer).
  package func write(_ bytes: [UInt8]) {
    let written = bytes.withUnsafeBufferPointer { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
    precondition(written == bytes.count, "the pipe took all of it")
  }

  /// Writes `text`'s UTF-8.
  package func write(_ text: String) {
    write(Array(text.utf8))
  }

  /// Closes the write end: the reader sees the end of input.
  package func closeWriteEnd() {
    if writeEnd >= 0 { close(writeEnd) }
    writeEnd = -1
  }

  /// Everything waiting in the pipe now.
  package func readAvailable() -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let got = chunk.withUnsafeMutableBufferPointer { read(readEnd, $0.baseAddress, $0.count) }
      if got <= 0 { return result }
      result += chunk[..<got]
    }
  }

  /// What is waiting, as text.
  package func readText() -> String {
    String(decoding: readAvailable(), as: UTF8.self)
  }

  deinit {
    close(readEnd)
    closeWriteEnd()
  }
}
