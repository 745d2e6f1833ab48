import LoginFormKeyring
import Testing

/// /proc/PID/status's fields, found by name.
@Suite struct ProcessStatusTests {
  let status = ProcessStatus(
    bytes: Array("Name:\tssh-add\nUid:\t1000\t1000\t1000\t1000\nVmLck:\t      16 kB\nVm:\tx\n".utf8)
      + Array("TracerPid:\t0\nCapEff:\t0000000000004000".utf8))

  @Test func aFieldIsItsValueWithoutTheWhiteSpaceAfterTheColon() {
    #expect(status["Name"] == "ssh-add")
    #expect(status["Uid"] == "1000\t1000\t1000\t1000")
    #expect(status["VmLck"] == "16 kB")
    #expect(status["TracerPid"] == "0")
  }

  @Test func theLastLineNeedsNoNewline() {
    #expect(status["CapEff"] == "0000000000004000")
  }

  @Test func aNameIsMatchedWholeNotAsThePrefixOfAnother() {
    #expect(status["Vm"] == "x")
    #expect(status["Tracer"] == nil)
    #expect(status["Pid"] == nil)
    #expect(ProcessStatus(bytes: [])["Name"] == nil)
  }
}
