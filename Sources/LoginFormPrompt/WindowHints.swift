/// How a prompt's window sits on the desktop: hints only a windowing
/// presenter uses.
package struct WindowHints {
  /// The window's width in pixels, if the caller wants one.
  package var width: Int?
  /// An icon theme name or an image file for the window.
  package var icon: String?
  /// The windows the prompt may belong to (be transient for), first the
  /// most explicit: the presenter takes the first of its windowing system.
  package var parents: [WindowParent] = []
  /// Whether the prompt blocks its parent window.
  package var isModal = false
  /// Whether the prompt stays above other windows.
  package var keepsAbove = false

  /// Hints with every default.
  package init() {}
}
