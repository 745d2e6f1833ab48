/// One pass over a value's scalars that counts what a person sees as
/// characters (extended grapheme clusters) and notes characters no value may
/// hold, without making a `String` of the value.
///
/// The pass can stop early: once `limit` is exceeded the value is rejected
/// anyway, so a huge paste costs no more than the limit.
struct ValueScan {
  /// Characters seen so far.
  private(set) var characters = 0
  /// Whether a C0 or C1 control, DEL, or a line or paragraph separator was seen.
  private(set) var hasControl = false
  /// Whether an invisible or reordering character was seen (only looked for
  /// when `checksVisibility`).
  private(set) var hasInvisible = false

  private let limit: Int
  private let checksVisibility: Bool
  // The standard library's grapheme breaking, usable scalar by scalar; the
  // public alternative needs a String, which for a secret is a copy that can
  // never be wiped.
  private var recognizer = Unicode._CharacterRecognizer()
  private var cluster = Cluster()
  private var previous: Unicode.Scalar?

  /// Scans up to `limit + 1` characters; `checksVisibility` for usernames.
  init(limit: Int, checksVisibility: Bool) {
    self.limit = limit
    self.checksVisibility = checksVisibility
  }

  /// Scans `scalars` until they end or the limit is exceeded.
  static func scan(_ scalars: some Sequence<Unicode.Scalar>, limit: Int, checksVisibility: Bool)
    -> ValueScan
  {
    var scan = ValueScan(limit: limit, checksVisibility: checksVisibility)
    for scalar in scalars where !scan.feed(scalar) { break }
    scan.finish()
    return scan
  }

  /// Takes the next scalar; false once the limit is exceeded.
  mutating func feed(_ scalar: Unicode.Scalar) -> Bool {
    if recognizer.hasBreak(before: scalar) {
      if characters == limit + 1 { return false }
      closeCluster(nextStartsWith: scalar)
      characters += 1
    }
    if scalar.isLineBreaking { hasControl = true }
    if checksVisibility { cluster.add(scalar, after: previous) }
    previous = scalar
    return true
  }

  /// Judges the last cluster.
  mutating func finish() {
    closeCluster(nextStartsWith: nil)
  }

  /// Judges the cluster that ends before `next` (nil at the end of the
  /// value): a joiner it ends with needs a letter or mark after it.
  private mutating func closeCluster(nextStartsWith next: Unicode.Scalar?) {
    guard checksVisibility, cluster.isStarted else { return }
    let joinerDangles =
      !cluster.isEmoji && cluster.endsWithScriptJoiner && !(next?.isLetterOrMark ?? false)
    if cluster.isInvisible || joinerDangles {
      hasInvisible = true
    }
    cluster = Cluster()
  }
}

/// What the visibility rule needs to know of one grapheme cluster.
private struct Cluster {
  private(set) var isStarted = false
  private var base: Unicode.Scalar = " "
  private var hasBidiControl = false
  private var hasIgnorable = false
  private var hasKeycap = false
  private var hasMisplacedJoiner = false
  /// Ends with ZWJ or ZWNJ after a letter of a script that uses them to
  /// shape text (Arabic, Persian, the Indic scripts), which is legitimate.
  private(set) var endsWithScriptJoiner = false

  mutating func add(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) {
    if !isStarted {
      isStarted = true
      base = scalar
    }
    let properties = scalar.properties
    endsWithScriptJoiner = false
    if properties.isBidiControl {
      hasBidiControl = true
    } else if scalar.isJoiner {
      if let previous, previous.isLetterOrMark, !previous.isLatin {
        endsWithScriptJoiner = true
      } else {
        hasMisplacedJoiner = true
      }
    } else if scalar.value == 0x20E3 {
      hasKeycap = true
    } else if properties.isDefaultIgnorableCodePoint && !scalar.isVariationSelector {
      hasIgnorable = true
    }
  }

  /// Whether the cluster is an emoji (digits, # and * only as keycaps).
  var isEmoji: Bool {
    base.properties.isEmoji && (base.value > 0x7F || hasKeycap)
  }

  /// Whether the cluster holds something invisible that is not part of an
  /// emoji sequence (where joiners, variation selectors and tags build one
  /// visible picture).
  var isInvisible: Bool {
    if hasBidiControl { return true }
    if isEmoji { return false }
    // A cluster that starts with an ignorable is wholly invisible.
    if base.properties.isDefaultIgnorableCodePoint && !base.isJoiner { return true }
    return hasIgnorable || hasMisplacedJoiner
  }
}

extension Unicode.Scalar {
  /// C0 controls, DEL, C1 controls and the Unicode line and paragraph
  /// separators: the scalars that can end or corrupt a line of output.
  var isLineBreaking: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    default: false
    }
  }

  fileprivate var isJoiner: Bool { value == 0x200C || value == 0x200D }

  fileprivate var isVariationSelector: Bool {
    switch value {
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F: true
    default: false
    }
  }

  fileprivate var isLetterOrMark: Bool {
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      true
    default: false
    }
  }

  /// Latin letters, which never need a joiner to shape.
  fileprivate var isLatin: Bool {
    switch value {
    case 0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F,
      0xFF00...0xFFEF:
      true
    default: false
    }
  }
}
