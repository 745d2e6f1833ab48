/// A prompt form's state: the values (or where to read the secrets), what is
/// wrong with them, what the user should be shown, and whether the form may
/// be submitted.
///
/// The username is held as text. Secrets are never held: the model is told
/// that a secret changed and where to read it, judges its bytes in place, and
/// keeps only its conclusions and the reference, so that the repeat can be
/// compared with the password later.
///
/// Everything derived is recomputed synchronously and announced to observers
/// registered with `observeValidity(_:)` and `observeFeedback(of:_:)`.
/// Observers are called once at registration with the current value, then
/// once per change of that value, never for an edit that leaves it the same.
/// Writes made by an observer while it is being notified take effect at once,
/// but their notifications are queued behind the ones being delivered, so
/// every observer sees each change exactly once and in order.
public final class LoginForm {
  /// The fields the form has.
  public let shape: FormShape
  /// The rules this form judges by.
  public let rules: FormRules
  /// Whether a submit was attempted while the form was invalid; from then on
  /// every field's issue is shown as an error.
  public private(set) var isSubmitAttempted = false

  private var usernameValue: String
  private var secrets: [Field: any SecretText] = [:]
  private var phases: [Field: FieldPhase] = [:]
  private var issuesByField: [Field: [FieldIssue]] = [:]
  private let dispatcher = ChangeDispatcher()
  private let validity: ObservedValue<Bool>
  private let feedbackByField: [Field: ObservedValue<FieldFeedback?>]

  /// Makes a form of `shape` judged by `rules`, with the username prefilled
  /// if given. A prefilled username counts as settled: if it breaks the
  /// rules, its error shows at once, since the user did not type it.
  public init(
    shape: FormShape = .usernameAndPassword, rules: FormRules = FormRules(), username: String = ""
  ) {
    self.shape = shape
    self.rules = rules
    usernameValue = username
    for field in shape.fields {
      phases[field] = field == .username && !username.isEmpty ? .settled : .untouched
    }
    validity = ObservedValue(false, dispatcher: dispatcher)
    var feedback: [Field: ObservedValue<FieldFeedback?>] = [:]
    for field in shape.fields { feedback[field] = ObservedValue(nil, dispatcher: dispatcher) }
    feedbackByField = feedback
    for field in shape.fields { judge(field) }
    refresh()
  }

  /// The username as typed. Setting it marks the username as edited.
  public var username: String {
    get { usernameValue }
    set {
      precondition(shape.contains(.username), "this form has no username")
      usernameValue = newValue
      edited(.username)
    }
  }

  /// The username as the rules judge it and as it is handed over: without
  /// surrounding whitespace.
  public var judgedUsername: Substring { usernameValue.trimmingWhitespace }

  /// Tells the form that the secret of `field` changed and where to read it.
  /// The form reads it now, and again whenever the other secret changes
  /// (to compare the repeat); `secret` must stay readable while the form
  /// lives.
  public func update(_ field: Field, from secret: any SecretText) {
    precondition(field.isSecret && shape.contains(field), "\(field) is not a secret of this form")
    secrets[field] = secret
    edited(field)
  }

  /// Tells the form that the user left `field`. An issue found while typing
  /// it the first time becomes an error.
  public func leave(_ field: Field) {
    guard phases[field] == .editing else { return }
    phases[field] = .settled
    refresh()
  }

  /// Whether the user has left `field` after editing it (or it came
  /// prefilled): what is said about it now is an error, not a hint.
  public func isSettled(_ field: Field) -> Bool {
    phases[field] == .settled
  }

  /// Whether every field satisfies its rules.
  public var isValid: Bool { validity.value }

  /// Every issue `field` has now, shown or not.
  public func issues(of field: Field) -> [FieldIssue] {
    issuesByField[field, default: []]
  }

  /// The message `field` shows now, if any.
  public func feedback(of field: Field) -> FieldFeedback? {
    feedbackByField[field]?.value ?? nil
  }

  /// Tries to submit: true when the form is valid; otherwise marks the submit
  /// as attempted, so that every issue shows as an error, and returns false.
  public func submit() -> Bool {
    if isValid { return true }
    if !isSubmitAttempted {
      isSubmitAttempted = true
      refresh()
    }
    return false
  }

  /// Starts the secrets over, as when another program turned the last
  /// answer down and asks again: each secret is untouched once more and no
  /// submit has been attempted, so an empty field says what it needs
  /// rather than an error. The username stays as it is.
  public func startOver() {
    isSubmitAttempted = false
    for field in shape.fields where field.isSecret {
      phases[field] = .untouched
      judge(field)
    }
    refresh()
  }

  /// Calls `body` with the UTF-8 bytes of the secret in `field` (empty when
  /// none was given), for encoding it into locked memory.
  public func withSecretUTF8<Result>(
    _ field: Field, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    if let secret = secrets[field] { return try secret.withUTF8(body) }
    return try body(UnsafeBufferPointer(start: nil, count: 0))
  }

  /// Calls `observer` now with `isValid`, then on each change of it.
  public func observeValidity(_ observer: @escaping (Bool) -> Void) -> ObservationToken {
    validity.observe(observer)
  }

  /// Calls `observer` now with the message of `field`, then on each change
  /// of it.
  public func observeFeedback(
    of field: Field, _ observer: @escaping (FieldFeedback?) -> Void
  ) -> ObservationToken {
    guard let value = feedbackByField[field] else {
      preconditionFailure("this form has no \(field)")
    }
    return value.observe(observer)
  }

  private func edited(_ field: Field) {
    if phases[field] == .untouched { phases[field] = .editing }
    judge(field)
    // The repeat is compared with the password, so a new password re-judges it.
    if field == .password, shape.contains(.passwordRepeat) { judge(.passwordRepeat) }
    refresh()
  }

  private func judge(_ field: Field) {
    switch field {
    case .username:
      issuesByField[field] = rules.username.issues(of: judgedUsername)
    case .password:
      issuesByField[field] = withSecretUTF8(.password) { rules.password.issues(ofUTF8: $0) }
    case .passwordRepeat:
      issuesByField[field] = repeatMatches() ? [] : [.doesNotMatch]
    }
  }

  /// Whether the repeat equals the password, compared byte by byte in place.
  private func repeatMatches() -> Bool {
    withSecretUTF8(.password) { password in
      withSecretUTF8(.passwordRepeat) { password.elementsEqual($0) }
    }
  }

  /// The message `field` shows now. While the repeat is being typed it says
  /// the same whether what is typed so far is the start of the password or
  /// not: a difference there would let whoever can fill the field (an
  /// accessibility client, say) find the password a character at a time.
  /// Once the field is settled, it is judged on its whole value.
  private func feedbackNow(for field: Field) -> FieldFeedback? {
    guard let issue = issues(of: field).min(by: { $0.rank < $1.rank }) else { return nil }
    let phase = phases[field, default: .untouched]
    if isSubmitAttempted || phase == .settled { return FieldFeedback(issue: issue, isError: true) }
    guard phase == .editing else { return nil }
    return FieldFeedback(issue: issue, isError: false)
  }

  /// Brings every derived value up to date with the state, then notifies.
  private func refresh() {
    validity.update(shape.fields.allSatisfy { issues(of: $0).isEmpty })
    for field in shape.fields { feedbackByField[field]?.update(feedbackNow(for: field)) }
    dispatcher.deliverPending()
  }
}
