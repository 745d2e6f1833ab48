import CSecret
import Glibc

/// Whether this process may lock enough memory for the password manager:
/// libsecret keeps each secret it decrypts (and its session keys) in a
/// locked pool of its own, apart from login-form's, and when that pool
/// cannot lock a block it falls back to ordinary memory, silently. Each
/// pool locks blocks of at least 16 KiB (egg-secure-memory's
/// `DEFAULT_BLOCK_SIZE`), so the password manager is used only when the
/// limit leaves one block for login-form's pool and one for libsecret's.
///
/// Measured with `strace -e mlock` as an ordinary user: the quick pinentry
/// answering from gnome-keyring locks 16384 bytes for its own buffers and
/// 16384 for libsecret's copy; with a limit of 16–28 KiB libsecret's mlock
/// fails with ENOMEM and the copy lands in ordinary memory; at 32 KiB both
/// are locked. (The git helper at 16–28 KiB failed only afterwards, when
/// its own answer could not be locked: "No locked memory is left".)
package enum LockedMemoryBudget {
  /// A block of one pool: egg-secure-memory's smallest.
  package static let poolBlockBytes = 16_384
  /// What the password manager needs locked: login-form's block and
  /// libsecret's.
  package static let neededBytes = 2 * poolBlockBytes

  /// Whether `limit` (RLIMIT_MEMLOCK's soft limit in bytes; nil when
  /// there is none) leaves room for both pools, and what is not yet
  /// locked (`locked` bytes are) for libsecret's block: it takes it when
  /// the session opens and keeps it while the session lives, so later
  /// copies fit in it. A process that may lock beyond the limit
  /// (CAP_IPC_LOCK) always has room.
  package static func allowsPasswordManager(limit: UInt64?, locked: UInt64, locksBeyondLimit: Bool)
    -> Bool
  {
    guard let limit, !locksBeyondLimit else { return true }
    return limit >= UInt64(neededBytes) && limit >= locked + UInt64(poolBlockBytes)
  }

  /// This process's limit, or nil when there is none.
  package static var limit: UInt64? {
    var limits = rlimit()
    guard getrlimit(__rlimit_resource_t(__RLIMIT_MEMLOCK.rawValue), &limits) == 0 else { return 0 }
    // RLIM_INFINITY is all ones, which Swift cannot import as a constant.
    return limits.rlim_cur == rlim_t.max ? nil : UInt64(limits.rlim_cur)
  }

  /// Whether this process may use the password manager now.
  package static var allowsPasswordManager: Bool {
    let status = ProcFileSystem().status(of: Int(getpid()))
    // CAP_IPC_LOCK is capability 14; with it mlock ignores the limit.
    let capabilities = status?["CapEff"].flatMap { UInt64($0, radix: 16) } ?? 0
    // "VmLck:  16 kB"
    let locked = status?["VmLck"].flatMap { UInt64($0.split(separator: " ").first ?? "") } ?? 0
    return allowsPasswordManager(
      limit: limit, locked: locked * 1024, locksBeyondLimit: capabilities & (1 << 14) != 0)
  }
}
