import CGettext
import Glibc

/// Translations through gettext.
///
/// The message catalogue is looked up next to the running binary
/// (`<prefix>/bin/login-form` reads `<prefix>/share/locale`), so an installed
/// copy uses its own prefix and never the build tree.
package enum Localization {
  /// The gettext domain, also the name of the `.mo` files.
  package static let domain = "login-form"

  /// Applies the user's locale and binds the message catalogue, once:
  /// before any text is made, and before anything else that depends on
  /// the locale (a terminal's character set, GTK). The first translated
  /// text does it too, so that a program that may answer without a word
  /// (the quick program) need not pay for it.
  package static func setUp() {
    _ = isSetUp
  }

  private static let isSetUp: Void = {
    setlocale(LC_ALL, "")
    bindtextdomain(domain, shareDirectory + "/locale")
    bind_textdomain_codeset(domain, "UTF-8")
  }()

  /// `<prefix>/share` for the prefix the binary runs from, where the
  /// translations and the style sheet are installed.
  package static var shareDirectory: String {
    var path = [CChar](repeating: 0, count: Int(PATH_MAX))
    let length = readlink("/proc/self/exe", &path, path.count)
    let executable = String(
      decoding: path.prefix(max(length, 0)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // <prefix>/bin/login-form → <prefix>
    let prefix = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
    return prefix.joined(separator: "/") + "/share"
  }
}

/// The translation of `message`.
package func localized(_ message: String) -> String {
  Localization.setUp()
  // gettext returns its argument when there is no translation, so the C
  // string must outlive the copy.
  return message.withCString { String(cString: dgettext(Localization.domain, $0)) }
}

/// The translation of the form of a message that fits `count`.
package func localizedPlural(_ singular: String, _ plural: String, _ count: Int) -> String {
  Localization.setUp()
  return singular.withCString { one in
    plural.withCString { many in
      String(cString: dngettext(Localization.domain, one, many, UInt(max(count, 0))))
    }
  }
}

/// Fills the `%s` and `%d` conversions of a gettext `c-format` message with
/// `arguments`, in order or by position (`%2$s`, which translations use to
/// reorder), and turns `%%` into `%`. Done in Swift because Foundation is
/// kept out and C's variadic printf cannot take Swift strings.
package func formatted(_ format: String, _ arguments: any CustomStringConvertible...) -> String {
  var result = ""
  var next = 0
  var rest = format[...]
  while let percent = rest.firstIndex(of: "%") {
    result += rest[..<percent]
    rest = rest[rest.index(after: percent)...]
    let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
    var index = next
    if !digits.isEmpty, rest.dropFirst(digits.count).first == "$", let position = Int(digits) {
      index = position - 1
      rest = rest.dropFirst(digits.count + 1)
    }
    guard let conversion = rest.first else {
      result += "%"
      break
    }
    rest = rest.dropFirst()
    switch conversion {
    case "s" where arguments.indices.contains(index), "d" where arguments.indices.contains(index):
      result += arguments[index].description
      next = index + 1
    case "%":
      result += "%"
    default:
      result += "%" + String(conversion)
    }
  }
  return result + rest
}
