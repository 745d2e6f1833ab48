import LoginFormModel
import LoginFormTestSupport
import Testing

/// Random edit sequences, on every shape of form, checked against the rules
/// recomputed from scratch by a deliberately naive oracle.
@Suite struct RandomEditTests {
  /// Letters, spaces of several kinds, combining marks, joiners, emoji parts,
  /// CJK, right-to-left letters, invisible and reordering characters, and
  /// controls, so that edits split and merge grapheme clusters.
  static let alphabet: [Unicode.Scalar] = [
    "a", "b", "Z", "0", "_", " ", "\u{A0}", "\u{3000}", "\u{2003}", "e", "\u{301}", "\u{308}",
    "\u{200D}", "\u{200C}", "\u{1F469}", "\u{1F466}", "\u{1F1E9}", "\u{1F1EA}", "山", "ש", "م",
    "\u{200B}", "\u{FEFF}", "\u{202E}", "\u{2066}", "\u{FE0F}", "\u{20E3}", "1", "\n", "\t", "\0",
    "\u{7F}", "\u{85}", "\u{2028}", "\r",
  ]

  static let shapes: [FormShape] = [
    .usernameAndPassword, .passwordOnly, .usernameOnly,
    FormShape(username: true, repeatsPassword: true),
    FormShape(username: false, repeatsPassword: true),
  ]

  static func ruleSets() throws -> [FormRules] {
    [
      FormRules(),
      FormRules(
        username: try FieldRules(minimumLength: 2, maximumLength: 5),
        password: try FieldRules(minimumLength: 0, maximumLength: 3, maximumBytes: 6)),
      FormRules(
        username: try FieldRules(
          minimumLength: 1, maximumLength: 8, pattern: UsernamePattern("[a-z0-9_]+")),
        password: try FieldRules(minimumLength: 3, maximumLength: 6)),
      FormRules(
        username: try FieldRules(
          minimumLength: 2, maximumLength: 9, separator: "a_a", refusesInvisibleCharacters: true),
        password: try FieldRules(minimumLength: 1, maximumLength: 4)),
    ]
  }

  static func edit(_ scalars: inout [Unicode.Scalar], using random: inout SeededGenerator) {
    let position = Int.random(in: 0...scalars.count, using: &random)
    let scalar = alphabet.randomElement(using: &random)!
    switch Int.random(in: 0..<4, using: &random) {
    case 0:
      scalars.insert(scalar, at: position)
    case 1 where position < scalars.count:
      scalars.remove(at: position)
    case 2 where position < scalars.count:
      scalars[position] = scalar
    default:
      scalars.append(scalar)
    }
  }

  @Test func validityAndNotificationsMatchTheRulesAfterEveryRandomEdit() throws {
    var random = SeededGenerator(seed: 0x5EED_2026)
    let ruleSets = try Self.ruleSets()
    var edits = 0
    var validForms = 0
    for _ in 0..<12_000 {
      let rules = ruleSets.randomElement(using: &random)!
      let shape = Self.shapes.randomElement(using: &random)!
      let form = LoginForm(shape: shape, rules: rules)
      var validityCalls = 0
      var expectedValidityCalls = 1
      var last = form.isValid
      let token = form.observeValidity { _ in validityCalls += 1 }
      var values: [Field: [Unicode.Scalar]] = [:]
      for _ in 0..<Int.random(in: 1...16, using: &random) {
        let field = shape.fields.randomElement(using: &random)!
        if field == .passwordRepeat, Bool.random(using: &random) {
          // Copy the password now and then, so that matching repeats occur.
          values[field] = values[.password, default: []]
        } else {
          Self.edit(&values[field, default: []], using: &random)
        }
        form[field] = String(String.UnicodeScalarView(values[field]!))
        edits += 1
        let expected = NaiveRules.accept(
          shape: shape, rules: rules, username: form.username, password: form.password,
          repeated: shape.contains(.passwordRepeat) ? form.passwordRepeat : "")
        try #require(form.isValid == expected, "after \(edits) edits: \(values)")
        if expected != last { expectedValidityCalls += 1 }
        last = expected
        try #require(validityCalls == expectedValidityCalls)
      }
      if last { validForms += 1 }
      token.cancel()
    }
    #expect(edits > 50_000)
    #expect(validForms > 1000)
  }
}
