import LoginFormModel
import LoginFormTestSupport

extension LoginForm {
  /// A form with the password (and repeat) already set, as if typed.
  convenience init(
    shape: FormShape = .usernameAndPassword, rules: FormRules = FormRules(),
    username: String = "", password: String, passwordRepeat: String? = nil
  ) {
    self.init(shape: shape, rules: rules, username: username)
    self.password = password
    if let passwordRepeat { self.passwordRepeat = passwordRepeat }
  }

  /// The password, read back from the secret the form was given.
  var password: String {
    get { self[.password] }
    set { self[.password] = newValue }
  }

  /// The repeated password, likewise.
  var passwordRepeat: String {
    get { self[.passwordRepeat] }
    set { self[.passwordRepeat] = newValue }
  }

  /// Any field as text, for the tests that edit fields at random.
  subscript(field: Field) -> String {
    get {
      field == .username
        ? username : withSecretUTF8(field) { String(decoding: $0, as: UTF8.self) }
    }
    set {
      if field == .username {
        username = newValue
      } else {
        update(field, from: TestSecret(newValue))
      }
    }
  }

  /// The whole output in `format`, as the caller would read it.
  func output(_ format: OutputFormat) -> String {
    var sink = ArraySink()
    withSecretUTF8(.password) { password in
      format.encode(
        username: shape.contains(.username) ? judgedUsername : nil,
        password: shape.contains(.password) ? password : nil, into: &sink)
    }
    return sink.text
  }
}

extension UsernamePattern {
  /// A pattern matched by Swift's `Regex`: the tests need no GLib, and
  /// their patterns are benign.
  init(_ source: String, hint: String? = nil) throws {
    let regex = try Regex(source)
    self.init(source: source, hint: hint) { $0.wholeMatch(of: regex) != nil ? .match : .mismatch }
  }
}
