import LoginFormModel
import Testing

/// Random edit sequences checked against the rules recomputed from scratch by
/// a deliberately naive oracle.
@Suite struct RandomEditTests {
  /// Letters, spaces of several kinds, combining marks, joiners, emoji parts,
  /// CJK, right-to-left letters and controls, so that edits split and merge
  /// grapheme clusters.
  static let alphabet: [Unicode.Scalar] = [
    "a", "b", "Z", "0", "_", " ", "\u{A0}", "\u{3000}", "\u{2003}", "e", "\u{301}", "\u{308}",
    "\u{200D}", "\u{1F469}", "\u{1F466}", "\u{1F1E9}", "\u{1F1EA}", "山", "ש", "م", "\n", "\t",
    "\0", "\u{7F}", "\u{85}", "\u{2028}", "\r",
  ]

  static func ruleSets() throws -> [FormRules] {
    [
      FormRules(),
      FormRules(
        username: try FieldRules(minimumLength: 2, maximumLength: 5),
        password: try FieldRules(minimumLength: 0, maximumLength: 3)),
      FormRules(
        username: try FieldRules(
          minimumLength: 1, maximumLength: 8, pattern: UsernamePattern("[a-z0-9_]+")),
        password: try FieldRules(minimumLength: 3, maximumLength: 6)),
      FormRules(
        username: try FieldRules(minimumLength: 2, maximumLength: 9, separator: "_b"),
        password: try FieldRules(minimumLength: 1, maximumLength: 4)),
    ]
  }

  static func edit(_ scalars: inout [Unicode.Scalar], using random: inout SeededGenerator) {
    let position = Int.random(in: 0...scalars.count, using: &random)
    let scalar = alphabet.randomElement(using: &random)!
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      scalars.insert(scalar, at: position)
    case 1 where position < scalars.count:
      scalars.remove(at: position)
    case _ where position < scalars.count:
      scalars[position] = scalar
    default:
      scalars.append(scalar)
    }
  }

  @Test func validityAndNotificationsMatchTheRulesAfterEveryRandomEdit() throws {
    var random = SeededGenerator(seed: 0x5EED_2026)
    let ruleSets = try Self.ruleSets()
    var edits = 0
    for _ in 0..<10_000 {
      let rules = ruleSets.randomElement(using: &random)!
      let form = LoginForm(rules: rules)
      var validityCalls = 0
      var expectedValidityCalls = 1
      var last = form.isValid
      let token = form.observeValidity { _ in validityCalls += 1 }
      var fields: [Field: [Unicode.Scalar]] = [.username: [], .password: []]
      for _ in 0..<Int.random(in: 1...16, using: &random) {
        let field = Field.allCases.randomElement(using: &random)!
        Self.edit(&fields[field, default: []], using: &random)
        form[field] = String(String.UnicodeScalarView(fields[field]!))
        edits += 1
        let expected =
          NaiveRules.accept(form.username, rules.username, trim: true)
          && NaiveRules.accept(form.password, rules.password, trim: false)
        try #require(form.isValid == expected, "after \(edits) edits: \(fields)")
        if expected != last { expectedValidityCalls += 1 }
        last = expected
        try #require(validityCalls == expectedValidityCalls)
      }
      token.cancel()
    }
    #expect(edits > 50_000)
  }
}
