extension String {
  /// The string without leading and trailing Unicode whitespace (not only
  /// ASCII: no-break space, ideographic space and the like count too).
  ///
  /// Scans only the whitespace it removes and the characters it stops at,
  /// and returns a view into the string rather than a copy.
  public var trimmingWhitespace: Substring {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
    // `first` is not whitespace, so a non-whitespace character exists from it on.
    let last = lastIndex(where: { !$0.isWhitespace }) ?? first
    return self[first...last]
  }
}
