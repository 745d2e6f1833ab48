/// The rules for every field of a form.
public struct FormRules {
  /// Rules for the username, judged after trimming surrounding whitespace.
  public let username: FieldRules
  /// Rules for the password, judged exactly as typed. The repeated password
  /// has no rules of its own: it must equal the password.
  public let password: FieldRules

  /// The original rule: a username longer than 5 characters and a password
  /// longer than 6.
  public static let defaultUsernameMinimum = 6
  /// See `defaultUsernameMinimum`.
  public static let defaultPasswordMinimum = 7

  /// Combines rules for each field.
  public init(username: FieldRules, password: FieldRules) {
    self.username = username
    self.password = password
  }

  /// The original rules: at least 6 characters of username, 7 of password,
  /// at most 256 of each, no pattern, no invisible characters in the
  /// username.
  public init() {
    // The defaults satisfy every check in FieldRules.init, so this cannot throw.
    self.init(
      username: try! FieldRules(
        minimumLength: Self.defaultUsernameMinimum, refusesInvisibleCharacters: true),
      password: try! FieldRules(minimumLength: Self.defaultPasswordMinimum))
  }

  /// The rules that apply to `field`; the repeat is judged by the password's.
  public subscript(field: Field) -> FieldRules {
    switch field {
    case .username: username
    case .password, .passwordRepeat: password
    }
  }
}
