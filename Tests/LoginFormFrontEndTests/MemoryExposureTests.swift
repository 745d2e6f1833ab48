import LoginFormFrontEnd
import LoginFormPrompt
import Testing

/// What the start-up check makes of the kernel's and /proc's word.
@Suite struct MemoryExposureTests {
  @Test func aProcessNobodyTracesAndThatIsNotDumpableIsNotExposed() {
    #expect(MemoryExposure(dumpable: false, tracer: 0) == nil)
  }

  @Test func aTracerIsNamedEvenWhenTheProcessIsAlsoDumpable() {
    #expect(MemoryExposure(dumpable: false, tracer: 4242) == .traced(by: 4242))
    #expect(MemoryExposure(dumpable: true, tracer: 4242) == .traced(by: 4242))
  }

  @Test func aDumpableProcessIsExposedWhetherOrNotProcCanBeRead() {
    #expect(MemoryExposure(dumpable: true, tracer: 0) == .dumpable)
    #expect(MemoryExposure(dumpable: true, tracer: nil) == .dumpable)
  }

  @Test func anUnreadableProcIsNotTakenForATracer() {
    #expect(MemoryExposure(dumpable: false, tracer: nil) == nil)
  }

  @Test func theRefusalIsOneLineWithItsOwnStatus() {
    for failure in [FrontEndFailure.memoryExposed(.traced(by: 77)), .memoryExposed(.dumpable)] {
      #expect(failure.status == .memoryExposed)
      #expect(!failure.description.contains("\n"))
    }
    #expect(FrontEndFailure.memoryExposed(.traced(by: 77)).description.contains("process 77"))
  }
}
