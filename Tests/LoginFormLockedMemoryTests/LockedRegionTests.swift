import Testing

@testable import LoginFormLockedMemory

/// The locked pool itself: what a region is made of, and that what was in
/// it is gone when it is wiped or released.
@Suite struct LockedRegionTests {
  @Test func aNewRegionIsLockedAndStartsAsZeros() throws {
    let region = try #require(LockedRegion(capacity: 64))
    #expect(region.isLocked)
    #expect(region.bytes.count == 64)
    #expect(region.bytes.allSatisfy { $0 == 0 })
  }

  @Test func aRegionOfNoBytesStillHasOneSoItsAddressIsItsOwn() throws {
    let region = try #require(LockedRegion(capacity: 0))
    #expect(region.bytes.count == 1)
    #expect(region.isLocked)
  }

  @Test func aWipedRegionReadsAsZeros() throws {
    let region = try #require(LockedRegion(capacity: 300))
    for index in region.bytes.indices { region.bytes[index] = 0xA5 }
    region.wipe()
    #expect(region.bytes.allSatisfy { $0 == 0 })
  }

  @Test func aReleasedRegionLeavesZerosBehind() async {
    // In a process of its own, where no other test takes the freed bytes
    // back from the pool meanwhile; the neighbour keeps the pool's block
    // mapped, so they can still be read.
    await #expect(processExitsWith: .success) {
      let neighbour = LockedRegion(capacity: 16)!
      var region = LockedRegion(capacity: 48)
      let bytes = region!.bytes
      for index in bytes.indices { bytes[index] = 0x5A }
      region = nil
      precondition(bytes.allSatisfy { $0 == 0 }, "the secret outlived its region")
      withExtendedLifetime(neighbour) {}
    }
  }

  @Test func aReleasedRegionGoesBackToThePool() async {
    // In a process of its own, so that the next request of the same size
    // is given the same bytes unless the first never went back.
    await #expect(processExitsWith: .success) {
      var region = LockedRegion(capacity: 48)
      let address = region!.bytes.baseAddress
      region = nil
      let next = LockedRegion(capacity: 48)!
      precondition(next.bytes.baseAddress == address, "the region was never given back")
    }
  }

  @Test func moreThanThePoolWillEverLockIsRefusedRatherThanTakenFromOrdinaryMemory() async {
    #expect(LockedRegion.canLock())
    // libgcr refuses any request over 2 GiB outright, whatever the
    // locked-memory limit; it says so on stderr, which the child keeps
    // out of the test log.
    await #expect(processExitsWith: .success) {
      precondition(LockedRegion(capacity: 1 << 32) == nil)
      precondition(!LockedRegion.canLock(1 << 32))
    }
  }
}
