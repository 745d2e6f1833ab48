import LoginFormModel

extension FieldRules {
  /// The most code points a presenter lets into the field. Presenters count
  /// code points, the rules count what a person sees; several code points
  /// can make one character, so the cap leaves room for the rule to be the
  /// one that speaks while still bounding a huge paste.
  package var capacity: Int {
    min(maximumLength * 8, 65_535)
  }
}
