import CGLib
import CProcess
import Glibc
import LoginFormFrontEnd

/// What the quick pinentry hands over, on a descriptor the environment
/// names.
package enum HandOffInput {
  /// What the quick pinentry handed over, if it did: read from the
  /// descriptor the environment names, which is closed and unnamed then.
  /// Ends the process with status 2 when it cannot be read.
  package static func receive() -> HandOff? {
    let name = HandOff.environmentVariable
    guard let value = g_getenv(name).map({ String(cString: $0) }) else { return nil }
    g_unsetenv(name)
    guard let descriptor = Int32(value), descriptor > 2, lf_is_hand_off_file(descriptor) else {
      Standard.fail(.handOff(.malformed))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let got = read(descriptor, &chunk, chunk.count)
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { Standard.fail(.readFailed(String(cString: g_strerror(errno)))) }
      if got == 0 { break }
      bytes += chunk[..<got]
    }
    do {
      return try HandOff(decoding: bytes)
    } catch {
      Standard.fail(.handOff(error))
    }
  }
}
