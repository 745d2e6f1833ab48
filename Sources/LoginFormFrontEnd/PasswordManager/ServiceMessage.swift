import LoginFormPrompt

/// A message from outside this program (the Secret Service's or the bus's
/// error text) as it may be said: one line, each character a terminal
/// would obey shown instead (`ClientText.plainLine`). It is made so on the
/// way in, so no failure can carry the raw text to standard error.
package struct ServiceMessage: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The message, safe to print.
  package let line: String

  /// `text` made safe.
  package init(_ text: String) {
    line = ClientText.plainLine(text)
  }

  package init(stringLiteral text: String) {
    self.init(text)
  }
}
