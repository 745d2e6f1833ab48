import CSecret

/// A private key file that an ssh prompt names, as gnome-keyring names it:
/// by its absolute path, with the comment of its public key.
package struct SshKeyFile: Sendable {
  /// The absolute path.
  package let path: String
  /// The comment of `<path>.pub`, if there is one.
  package let comment: String?

  /// The most bytes of a public key file read for its comment.
  static let publicKeyLimit = 16_384

  /// The file `named` names, relative to `directory` (by default this
  /// process's, which it shares with ssh), if it is a regular file.
  package init?(named name: String, in directory: String? = nil) {
    let current = g_get_current_dir()
    defer { g_free(current) }
    guard
      let absolute = g_canonicalize_filename(name, directory ?? current.map { String(cString: $0) })
    else { return nil }
    defer { g_free(absolute) }
    guard g_file_test(absolute, G_FILE_TEST_IS_REGULAR) != 0 else { return nil }
    path = String(cString: absolute)
    comment = Self.comment(ofPublicKey: path + ".pub")
  }

  /// The words after the key type and the key on the first line of an
  /// OpenSSH public key file.
  static func comment(ofPublicKey path: String) -> String? {
    var contents: UnsafeMutablePointer<gchar>?
    var length: gsize = 0
    guard g_file_test(path, G_FILE_TEST_IS_REGULAR) != 0,
      g_file_get_contents(path, &contents, &length, nil) != 0, let contents
    else { return nil }
    defer { g_free(contents) }
    guard length <= publicKeyLimit else { return nil }
    let text = String(cString: contents)
    let line = text.split(separator: "\n", maxSplits: 1).first ?? ""
    let words = line.split(separator: " ", maxSplits: 2)
    guard words.count == 3 else { return nil }
    let comment = words[2].trimmingCharacters
    return comment.isEmpty ? nil : comment
  }
}

extension Substring {
  /// Without surrounding white space.
  fileprivate var trimmingCharacters: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
