/// Which fields a form has.
///
/// The classic form asks for a username and a password; an askpass or
/// pinentry prompt asks for the password alone; git's askpass asks for a
/// username alone; a new password is asked twice.
public struct FormShape: Hashable, Sendable {
  /// The fields, in the order they are shown and tabbed through.
  public let fields: [Field]

  /// A username and a password.
  public static let usernameAndPassword = FormShape(validated: [.username, .password])
  /// The password alone.
  public static let passwordOnly = FormShape(validated: [.password])
  /// The username alone, in clear text.
  public static let usernameOnly = FormShape(validated: [.username])

  /// A shape with the username (or not) and the password asked once or twice.
  public init(username: Bool, password: Bool = true, repeatsPassword: Bool = false) {
    precondition(password || !repeatsPassword, "a repeat needs a password to repeat")
    precondition(username || password, "a form needs a field")
    var fields: [Field] = []
    if username { fields.append(.username) }
    if password { fields.append(.password) }
    if repeatsPassword { fields.append(.passwordRepeat) }
    self.init(validated: fields)
  }

  private init(validated fields: [Field]) {
    self.fields = fields
  }

  /// Whether the form has `field`.
  public func contains(_ field: Field) -> Bool {
    fields.contains(field)
  }

  /// The same shape with the password asked a second time.
  public var repeatingPassword: FormShape {
    FormShape(username: contains(.username), password: true, repeatsPassword: true)
  }
}
