/// The fields of /proc/PID/status ("Name:\tvalue" lines), found by name in
/// the bytes as read: the start-up checks read it before anything else, so
/// nothing is built that is not asked for.
package struct ProcessStatus: Sendable {
  private let bytes: [UInt8]

  /// The status file's `bytes`.
  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The value of the field `name`, without the white space after its
  /// colon; nil when there is no such field.
  package subscript(name: String) -> String? {
    let key = Array(name.utf8) + [UInt8(ascii: ":")]
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      if bytes[start..<end].starts(with: key) {
        let value = bytes[(start + key.count)..<end].drop {
          $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
        }
        return String(decoding: value, as: UTF8.self)
      }
      start = end + 1
    }
    return nil
  }
}
