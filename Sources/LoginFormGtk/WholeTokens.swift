import CGtk

/// Where a caller's text may wrap: only between its tokens, so that a
/// fingerprint, a key ID or a path is read and compared whole, on one line.
///
/// Pango breaks lines inside a token at "/", "+" or ":", which cuts
/// `SHA256:…` fingerprints and paths in two. Each token that fits the
/// widest content is marked as one that may not break, so the label asks
/// for the width of the widest such token and the window widens for it, as
/// the host-key window widens for its fingerprint; a token wider still
/// wraps where it must. Fingerprints and key IDs are shown in monospace, as
/// that window shows its fingerprint.
@MainActor enum WholeTokens {
  /// The widest a window's content grows to keep a token whole, in pixels.
  static let widestContent: Int32 = 640

  /// The widest content `contentWidth` wide may grow to: not at all when
  /// the caller chose the window's width.
  static func widest(from contentWidth: Int32, widthIsChosen: Bool) -> Int32 {
    widthIsChosen ? contentWidth : max(contentWidth, widestContent)
  }

  /// A token of a text: its UTF-8 byte offsets, and whether it is a
  /// fingerprint or key ID (one written in groups of four, as gpg writes
  /// fingerprints, is one token).
  struct Token: Equatable {
    var start: Int
    var end: Int
    var isFingerprint: Bool
  }

  /// Tokens shorter than this, in bytes, fit any content's width.
  private static let shortestMeasured = 12

  /// Fingerprints and key IDs as OpenSSH and GnuPG write them.
  private static let fingerprintPattern = [
    #"SHA256:[A-Za-z0-9+/]{43}=?"#,
    #"MD5(?::[0-9a-f]{2}){16}"#,
    #"\b(?:0x)?[0-9A-Fa-f]{16,64}\b"#,
    #"\b0x[0-9A-Fa-f]{8}\b"#,
    #"\b[0-9A-F]{4}(?: {1,2}[0-9A-F]{4}){9}\b"#,
  ].joined(separator: "|")

  /// Makes `label`, which shows `text` wrapped, keep each of its tokens
  /// up to `widest` pixels wide whole, and show its fingerprints in
  /// monospace.
  static func apply(to label: UnsafeMutablePointer<GtkWidget>, text: String, widest limit: Int32) {
    let attributes = pango_attr_list_new()
    let utf8 = Array(text.utf8)
    let tokens = tokens(of: text)
    for token in tokens where token.isFingerprint {
      insert(pango_attr_family_new("monospace"), over: token, into: attributes)
    }
    // A caller that breaks its own lines (gpg-agent does, at about 70
    // characters) has them kept: the window widens for the widest that
    // fits, rather than re-wrapping each into a long and a short line.
    for line in lines(of: text, fittingWithin: limit, attributes: attributes, in: label) {
      insert(pango_attr_allow_breaks_new(false.gboolean), over: line, into: attributes)
    }
    for token in tokens {
      // Measuring each word would cost a layout each; a short one fits.
      if token.end - token.start >= shortestMeasured {
        let width = self.width(
          of: utf8[token.start..<token.end], isFingerprint: token.isFingerprint, in: label)
        guard width <= limit else { continue }
      }
      insert(pango_attr_allow_breaks_new(false.gboolean), over: token, into: attributes)
    }
    gtk_label_set_attributes(lf_label(label), attributes)
    pango_attr_list_unref(attributes)
  }

  /// The tokens of `text`: its runs without white space, each line's
  /// first with the line's indentation (else the indentation would be
  /// left alone on a line above it), and its fingerprints whole (which may
  /// overlap them, or span several).
  static func tokens(of text: String) -> [Token] {
    let bytes = Array(text.utf8)
    var tokens: [Token] = []
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      var index = line.startIndex
      // ClientText's isolate opens each line.
      if line.starts(with: [0xE2, 0x81, 0xA8]) { index += 3 }
      var start = index < line.endIndex && isSpace(line[index]) ? line.startIndex : nil
      while index < line.endIndex, isSpace(line[index]) { index += 1 }
      for offset in index...line.endIndex {
        let endsToken = offset == line.endIndex || isSpace(line[offset])
        if !endsToken, start == nil { start = offset }
        guard endsToken, let first = start else { continue }
        start = nil
        tokens.append(Token(start: first, end: offset, isFingerprint: false))
      }
    }
    tokens += fingerprintRanges(in: text).map {
      Token(start: $0.lowerBound, end: $0.upperBound, isFingerprint: true)
    }
    return tokens.sorted { $0.start < $1.start }
  }

  /// The lines of a text of several lines that fit `limit` pixels in
  /// `label`'s font with `attributes`, laid out once.
  private static func lines(
    of text: String, fittingWithin limit: Int32, attributes: OpaquePointer?,
    in label: UnsafeMutablePointer<GtkWidget>
  ) -> [Token] {
    guard text.utf8.contains(UInt8(ascii: "\n")) else { return [] }
    let layout = gtk_widget_create_pango_layout(label, text)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    pango_layout_set_attributes(layout, attributes)
    return (0..<pango_layout_get_line_count(layout)).compactMap { index in
      guard let line = pango_layout_get_line_readonly(layout, index) else { return nil }
      var extent = PangoRectangle()
      pango_layout_line_get_pixel_extents(line, nil, &extent)
      guard extent.width <= limit, line.pointee.length > 0 else { return nil }
      let start = Int(line.pointee.start_index)
      return Token(start: start, end: start + Int(line.pointee.length), isFingerprint: false)
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || (9...13).contains(byte)
  }

  /// Where `text` holds a fingerprint, in UTF-8 byte offsets.
  private static func fingerprintRanges(in text: String) -> [Range<Int>] {
    guard let regex = g_regex_new(fingerprintPattern, G_REGEX_OPTIMIZE, GRegexMatchFlags(0), nil)
    else { return [] }
    defer { g_regex_unref(regex) }
    var ranges: [Range<Int>] = []
    var match: OpaquePointer?
    text.withCString { pointer in
      g_regex_match(regex, pointer, GRegexMatchFlags(0), &match)
      while g_match_info_matches(match) != 0 {
        var start: Int32 = 0
        var end: Int32 = 0
        g_match_info_fetch_pos(match, 0, &start, &end)
        ranges.append(Int(start)..<Int(end))
        g_match_info_next(match, nil)
      }
      g_match_info_free(match)
    }
    return ranges
  }

  /// How wide `bytes` show in `label`'s font, in pixels.
  static func width(
    of bytes: ArraySlice<UInt8>, isFingerprint: Bool, in label: UnsafeMutablePointer<GtkWidget>
  ) -> Int32 {
    let layout = gtk_widget_create_pango_layout(label, nil)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        pango_layout_set_text(layout, $0.baseAddress, Int32($0.count))
      }
    }
    if isFingerprint {
      let attributes = pango_attr_list_new()
      pango_attr_list_insert(attributes, pango_attr_family_new("monospace"))
      pango_layout_set_attributes(layout, attributes)
      pango_attr_list_unref(attributes)
    }
    var width: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, nil)
    return width
  }

  private static func insert(
    _ attribute: UnsafeMutablePointer<PangoAttribute>?, over token: Token,
    into attributes: OpaquePointer?
  ) {
    guard let attribute else { return }
    attribute.pointee.start_index = guint(token.start)
    attribute.pointee.end_index = guint(token.end)
    pango_attr_list_insert(attributes, attribute)
  }
}
