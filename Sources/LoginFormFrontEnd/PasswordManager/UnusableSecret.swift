import LoginFormPrompt

/// Why a stored secret is not used as a password: the prompt asks instead,
/// as if nothing were stored, since what the agent or git would be handed
/// is not text (pinentry-gtk-2 refuses such an item for the same reason).
package enum UnusableSecret: Hashable, Sendable {
  /// Its content type is not `text/plain` (with no charset, or UTF-8).
  case contentType(ServiceMessage)
  /// It holds a NUL byte, which ends a C string early.
  case nulByte
  /// It is not valid UTF-8.
  case notUTF8

  /// Why `bytes`, of content type `contentType`, cannot be used; nil when
  /// it can. libsecret, gnome-keyring, pinentry and git-credential-libsecret
  /// write `text/plain`; KeePass-based services say
  /// `text/plain; charset=utf8`.
  package static func of(contentType: String?, bytes: UnsafeBufferPointer<UInt8>) -> Self? {
    guard let contentType, isPlainText(contentType) else {
      return .contentType(ServiceMessage(contentType ?? ""))
    }
    if bytes.contains(0) { return .nulByte }
    // Decoded in place: the secret never becomes a String.
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return nil
      case .error: return .notUTF8
      }
    }
  }

  /// `text/plain`, in any case, with parameters, whose charset (if one is
  /// named) is UTF-8.
  static func isPlainText(_ contentType: String) -> Bool {
    let parts = contentType.split(separator: ";", omittingEmptySubsequences: false).map {
      trimmed($0).lowercased()
    }
    guard parts.first == "text/plain" else { return false }
    return parts.dropFirst().allSatisfy { parameter in
      guard parameter.hasPrefix("charset=") else { return true }
      let charset = parameter.dropFirst("charset=".count).filter { $0 != "\"" }
      return charset == "utf-8" || charset == "utf8"
    }
  }

  private static func trimmed(_ text: Substring) -> Substring {
    var text = text
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }

  /// Why, as the end of a sentence.
  package var reason: String {
    switch self {
    case .contentType(let type):
      // TRANSLATORS: a reason after "A stored password is not used:"; %s is a MIME type; "text/plain" is one too, never translated.
      formatted(localized("its content type is “%s”, not text/plain"), type.line)
    case .nulByte: localized("it holds a NUL byte")
    case .notUTF8: localized("it is not UTF-8 text")
    }
  }
}
