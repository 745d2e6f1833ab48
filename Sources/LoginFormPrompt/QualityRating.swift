/// How a presenter shows the agent's rating of a new passphrase
/// (`INQUIRE QUALITY`: -100 to 100, negative when the agent's rules are not
/// met): a bar and a level in words, so that colour is never the only sign.
package struct QualityRating: Hashable, Sendable {
  /// How full the bar is, from 0 to 1.
  package let fraction: Double
  /// The level in words ("Weak", "Fair", "Strong"), or, when the rules are
  /// not met, the percentage and why ("80 % — does not meet the agent's
  /// rules").
  package let text: String
  /// Whether the agent's rules are not met: the bar and the text take the
  /// error style.
  package let failsRules: Bool

  /// Below this, "Weak"; gpg-agent rates a passphrase of its minimum length
  /// (8) with 80.
  package static let fair = 40
  /// From this on, "Strong".
  package static let strong = 80

  /// The rating for the agent's `value`, clamped to -100…100.
  package init(agentValue value: Int) {
    let clamped = max(-100, min(100, value))
    let percent = abs(clamped)
    fraction = Double(percent) / 100
    failsRules = clamped < 0
    if failsRules {
      // TRANSLATORS: the quality of a passphrase as a percentage; "%%" is a literal percent sign.
      text = formatted(localized("%d %% — does not meet the agent’s rules"), percent)
    } else if percent < Self.fair {
      // TRANSLATORS: the quality of a passphrase.
      text = localized("Weak")
    } else if percent < Self.strong {
      // TRANSLATORS: the quality of a passphrase.
      text = localized("Fair")
    } else {
      // TRANSLATORS: the quality of a passphrase.
      text = localized("Strong")
    }
  }
}
