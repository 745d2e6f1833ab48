/// The login form's state: the two values, what is wrong with them, what the
/// user should be shown, and whether the form may be submitted.
///
/// Everything derived is recomputed synchronously when a value is set and
/// announced to observers registered with `observeValidity(_:)` and
/// `observeVisibleIssues(of:_:)`. Observers are called once at registration
/// with the current value, then once per change of that value, never for an
/// edit that leaves it the same.
///
/// Writes made by an observer while it is being notified take effect at once
/// (getters return the new state), but their notifications are queued behind
/// the ones being delivered. Every observer therefore sees each change
/// exactly once and in order, the value passed to it is the value that change
/// produced, and the last value any observer sees is the current one.
public final class LoginForm {
  /// The rules this form judges by.
  public let rules: FormRules

  private var values: [Field: String]
  private var touched: Set<Field> = []
  /// Whether a submit was attempted while the form was invalid; from then on
  /// every field's issues are visible.
  public private(set) var isSubmitAttempted = false

  private var issuesByField: [Field: [FieldIssue]]
  private let dispatcher = ChangeDispatcher()
  private let validity: ObservedValue<Bool>
  private let usernameVisibleIssues: ObservedValue<[FieldIssue]>
  private let passwordVisibleIssues: ObservedValue<[FieldIssue]>
  /// How often each field's rules ran; lets tests prove that an edit to one
  /// field does not re-judge the other.
  private(set) var evaluationCount: [Field: Int] = [.username: 0, .password: 0]

  /// Makes a form judged by `rules`, optionally prefilled. Prefilled values
  /// count as untouched, so their issues stay hidden until the user edits
  /// them or tries to submit.
  public init(rules: FormRules = FormRules(), username: String = "", password: String = "") {
    self.rules = rules
    values = [.username: username, .password: password]
    issuesByField = [
      .username: Self.issues(of: username, as: .username, under: rules),
      .password: Self.issues(of: password, as: .password, under: rules),
    ]
    let valid = issuesByField.values.allSatisfy(\.isEmpty)
    validity = ObservedValue(valid, dispatcher: dispatcher)
    usernameVisibleIssues = ObservedValue([], dispatcher: dispatcher)
    passwordVisibleIssues = ObservedValue([], dispatcher: dispatcher)
  }

  /// The username as typed. Setting it marks the username as touched.
  public var username: String {
    get { self[.username] }
    set { self[.username] = newValue }
  }

  /// The password as typed. Setting it marks the password as touched.
  public var password: String {
    get { self[.password] }
    set { self[.password] = newValue }
  }

  /// The value of `field` as typed. Setting it marks the field as touched and
  /// re-judges that field only.
  ///
  /// The new value is not compared with the old one: that would cost O(length)
  /// on every edit, and observers are told only of changes to derived values.
  public subscript(field: Field) -> String {
    get { values[field, default: ""] }
    set {
      values[field] = newValue
      touched.insert(field)
      evaluationCount[field, default: 0] += 1
      issuesByField[field] = Self.issues(of: newValue, as: field, under: rules)
      publish()
    }
  }

  /// Whether both fields satisfy their rules.
  public var isValid: Bool { validity.value }

  /// Every issue `field` has now, shown or not.
  public func issues(of field: Field) -> [FieldIssue] {
    issuesByField[field, default: []]
  }

  /// The issues the user should see for `field`: none until the field is
  /// edited or a submit is attempted, then all of them.
  public func visibleIssues(of field: Field) -> [FieldIssue] {
    visibleIssuesValue(of: field).value
  }

  /// Whether the user has changed `field` since the form was made.
  public func isTouched(_ field: Field) -> Bool {
    touched.contains(field)
  }

  /// The credentials to hand over, or nil while the form is invalid.
  public var credentials: Credentials? {
    guard isValid else { return nil }
    return Credentials(
      username: String(Self.judgedPart(of: username, as: .username)),
      password: String(Self.judgedPart(of: password, as: .password)))
  }

  /// Tries to submit: returns the credentials when the form is valid;
  /// otherwise marks the submit as attempted, so that every issue becomes
  /// visible, and returns nil.
  public func submit() -> Credentials? {
    if let credentials { return credentials }
    if !isSubmitAttempted {
      isSubmitAttempted = true
      publish()
    }
    return nil
  }

  /// Calls `observer` now with `isValid`, then on each change of it.
  public func observeValidity(_ observer: @escaping (Bool) -> Void) -> ObservationToken {
    validity.observe(observer)
  }

  /// Calls `observer` now with the visible issues of `field`, then on each
  /// change of them.
  public func observeVisibleIssues(
    of field: Field, _ observer: @escaping ([FieldIssue]) -> Void
  ) -> ObservationToken {
    visibleIssuesValue(of: field).observe(observer)
  }

  private func visibleIssuesValue(of field: Field) -> ObservedValue<[FieldIssue]> {
    switch field {
    case .username: usernameVisibleIssues
    case .password: passwordVisibleIssues
    }
  }

  /// The part of a value that the rules judge and that is handed over: the
  /// username without surrounding whitespace, the password as typed.
  private static func judgedPart(of value: String, as field: Field) -> Substring {
    field == .username ? value.trimmingWhitespace : value[...]
  }

  private static func issues(of value: String, as field: Field, under rules: FormRules)
    -> [FieldIssue]
  {
    rules[field].issues(of: judgedPart(of: value, as: field))
  }

  /// Brings every derived value up to date with the state, then notifies.
  private func publish() {
    validity.update(issuesByField.values.allSatisfy(\.isEmpty))
    for field in Field.allCases {
      let shown = isSubmitAttempted || touched.contains(field)
      visibleIssuesValue(of: field).update(shown ? issues(of: field) : [])
    }
    dispatcher.deliverPending()
  }
}
