import Glibc

/// Reading a small file whole from a descriptor, for what is no secret
/// (a /proc file, an ask file): secrets are read into locked memory
/// (`LockedBytes.appendReading`).
package enum DescriptorInput {
  /// Up to `limit` bytes of `descriptor`, read until it ends, fails or the
  /// limit is reached, retrying after interruptions.
  package static func read(_ descriptor: Int32, limit: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: limit)
    var count = 0
    while count < buffer.count {
      let got = buffer.withUnsafeMutableBytes { space in
        Glibc.read(descriptor, space.baseAddress! + count, space.count - count)
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { break }
      count += got
    }
    return Array(buffer.prefix(count))
  }
}
