import Glibc
import LoginFormKeyring
import Testing

/// /proc, as `Requester` reads it to say which program asks.
@Suite struct ProcFileSystemTests {
  @Test func procTellsAboutThisVeryProcess() throws {
    let proc = ProcFileSystem()
    let me = Int(getpid())
    #expect(proc.realUserID(of: me) == Int(getuid()))
    #expect(proc.parent(of: me) == Int(getppid()))
    let arguments = try #require(proc.commandLine(of: me))
    #expect(arguments.first == CommandLine.arguments.first)
    let name = try #require(proc.name(of: me))
    #expect(!name.isEmpty && !name.hasSuffix("\n"))
    #expect(proc.name(of: Int(Int32.max)) == nil)
    let program = try #require(proc.executable(of: me))
    var file = stat()
    var running = stat()
    #expect(stat(program, &file) == 0 && stat("/proc/self/exe", &running) == 0)
    #expect((file.st_dev, file.st_ino) == (running.st_dev, running.st_ino), "\(program)")
    #expect(proc.executable(of: Int(Int32.max)) == nil)
  }
}
