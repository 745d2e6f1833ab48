import Glibc

/// Writing to a file descriptor without C's shared `stdout`, which Swift 6
/// rightly refuses as mutable global state.
package enum DescriptorOutput {
  /// Writes all of `bytes` to `descriptor`, retrying after interruptions;
  /// returns the errno it failed with, or nil.
  package static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }
}
