import CGcr
import Glibc

/// A fixed block of locked memory from libgcr's secure pool (never swapped
/// out, left out of core dumps) that it owns: wiped and given back when the
/// last reference goes, and wiped on demand before that.
///
/// Invariant: every byte of `bytes` belongs to this region, and none of
/// them outlives it unwiped.
package final class LockedRegion {
  /// The region's bytes; valid while the region lives.
  package let bytes: UnsafeMutableBufferPointer<UInt8>

  /// Allocates `capacity` bytes (at least one). Nil when the pool cannot
  /// supply them: `try_alloc` never falls back to ordinary memory, so a
  /// region that exists is locked.
  package init?(capacity: Int) {
    let size = max(capacity, 1)
    guard let raw = gcr_secure_memory_try_alloc(gsize(size)) else { return nil }
    bytes = UnsafeMutableBufferPointer(
      start: raw.bindMemory(to: UInt8.self, capacity: size), count: size)
  }

  /// Whether `byteCount` bytes of locked memory can be had now: the
  /// locked-memory limit (`ulimit -l`) may allow none, and then a secret
  /// would have nowhere safe to go. Checked before anything is typed.
  package static func canLock(_ byteCount: Int = 4096) -> Bool {
    LockedRegion(capacity: byteCount)?.isLocked ?? false
  }

  /// Whether the memory is in libgcr's locked pool.
  package var isLocked: Bool { gcr_secure_memory_is_secure(bytes.baseAddress) != 0 }

  /// Overwrites every byte with zero in a way the compiler may not drop.
  package func wipe() {
    explicit_bzero(bytes.baseAddress!, bytes.count)
  }

  deinit {
    wipe()
    gcr_secure_memory_free(bytes.baseAddress)
  }
}
