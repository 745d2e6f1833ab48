/// One place a prompt can be shown.
package enum Presenter: Equatable, Sendable {
  /// A window on the display.
  case window
  /// The terminal at `path`, whose character set is that of the locale
  /// `locale` (nil: the process's own).
  case terminal(path: String, locale: String?)
}
