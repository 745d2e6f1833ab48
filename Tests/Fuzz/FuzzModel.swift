// libFuzzer entry point for the model's edit operations and the output
// encoders (make fuzz, make fuzz-smoke). SwiftPM builds it with the fuzzer
// and address sanitizers, the model and the naive rules instrumented too;
// any broken invariant traps, which libFuzzer reports with the input that
// caused it. (In an ordinary build it is an executable that does nothing.)
import LoginFormModel
import LoginFormTestSupport

/// Reads the fuzzer's bytes as a script of edits.
struct Script {
  var bytes: ArraySlice<UInt8>

  mutating func byte() -> UInt8? { bytes.popFirst() }

  /// A short run of scalars from the input, decoded leniently so that
  /// invalid UTF-8 becomes U+FFFD, as GTK would never deliver it anyway.
  mutating func text() -> [Unicode.Scalar] {
    let length = Int(byte() ?? 0) % 8
    let chunk = bytes.prefix(length)
    bytes = bytes.dropFirst(length)
    return Array(String(decoding: chunk, as: UTF8.self).unicodeScalars)
  }
}

/// Separators a script may choose, self-overlapping ones among them, which
/// once split output in the wrong place.
let separators = ["|", "::", "||", "--", "  ", "aba", ":-:", "e\u{301}"]

func shape(_ selector: UInt8) -> FormShape {
  switch selector % 4 {
  case 0: .usernameAndPassword
  case 1: .passwordOnly
  case 2: FormShape(username: true, repeatsPassword: true)
  default: .usernameOnly
  }
}

func rules(_ selector: UInt8) -> FormRules {
  do {
    switch selector % 3 {
    case 0: return FormRules()
    case 1:
      return FormRules(
        username: try FieldRules(minimumLength: 0, maximumLength: 3),
        password: try FieldRules(minimumLength: 2, maximumLength: 5, maximumBytes: 9))
    default:
      let regex = try Regex("[^:]+")
      let pattern = UsernamePattern(source: "[^:]+") {
        $0.wholeMatch(of: regex) != nil ? .match : .mismatch
      }
      return FormRules(
        username: try FieldRules(
          minimumLength: 1, maximumLength: 12, pattern: pattern,
          separator: separators[Int(selector / 3) % separators.count],
          refusesInvisibleCharacters: true),
        password: try FieldRules(minimumLength: 1))
    }
  } catch {
    fatalError("fixed rules failed: \(error)")
  }
}

/// Encodes what `form` holds in `format`, as the ordinary mode would.
func output(_ form: LoginForm, _ format: OutputFormat) -> [UInt8] {
  var sink = Bytes()
  form.withSecretUTF8(.password) { password in
    format.encode(
      username: form.shape.contains(.username) ? form.judgedUsername : nil,
      password: form.shape.contains(.password) ? password : nil, into: &sink)
  }
  return sink.bytes
}

struct Bytes: ByteSink {
  var bytes: [UInt8] = []
  mutating func append(_ byte: UInt8) { bytes.append(byte) }
}

/// Checks the encoders byte by byte: a value may begin with a combining
/// mark, which would merge with a separator into one Character, so
/// Character-level comparisons would be wrong here.
func checkEncoders(_ form: LoginForm) {
  let username = form.shape.contains(.username) ? Array(form.judgedUsername.utf8) : nil
  let password = form.shape.contains(.password) ? form.withSecretUTF8(.password) { Array($0) } : nil
  var expected: [UInt8] = []
  for value in [username, password] {
    if let value { expected += value + [0x0A] }
  }
  precondition(output(form, .lines) == expected, "lines output is wrong")
  precondition(!(username ?? []).contains(0x0A) && !(password ?? []).contains(0x0A), "a newline")
  if let username, let password, let separator = form.rules.username.separator {
    let separatorBytes = Array(separator.utf8)
    let line = output(form, .separated(by: separator))
    precondition(line == username + separatorBytes + password + [0x0A], "separated output is wrong")
    // What a script does: split at the first separator. It must find the
    // end of the username, whatever the separator overlaps.
    let first = (0...(line.count - separatorBytes.count)).first {
      Array(line[$0..<($0 + separatorBytes.count)]) == separatorBytes
    }
    precondition(first == username.count, "the first separator is not the boundary")
  }
  let json = String(decoding: output(form, .json), as: UTF8.self)
  precondition(
    !json.unicodeScalars.dropLast().contains { $0.value < 0x20 || $0.value == 0x2028 },
    "raw control character in JSON")
  // As bytes: a password ending with a prepending mark (U+0600) joins the
  // closing quote into its Character, so String comparisons would fail.
  precondition(Array(json.utf8.prefix(2)) == Array("{\"".utf8), "JSON prefix")
  precondition(Array(json.utf8.suffix(3)) == Array("\"}\n".utf8), "JSON suffix")
}

/// Runs one input as a script of edits and submits, checking after each
/// step that the model agrees with the naive rules and the encoders hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var script = Script(bytes: ArraySlice(UnsafeBufferPointer(start: data, count: size)))
  let selector = script.byte() ?? 0
  let formRules = rules(selector)
  let formShape = shape(selector >> 4)
  let form = LoginForm(shape: formShape, rules: formRules)
  var calls = 0
  var expectedCalls = 1
  var last = form.isValid
  let token = form.observeValidity { _ in calls += 1 }
  var values: [Field: [Unicode.Scalar]] = [:]
  while let operation = script.byte() {
    let field = formShape.fields[Int(operation & 3) % formShape.fields.count]
    var scalars = values[field] ?? []
    let position = Int(script.byte() ?? 0) % (scalars.count + 1)
    switch (operation >> 2) % 5 {
    case 0: scalars.insert(contentsOf: script.text(), at: position)
    case 1: if position < scalars.count { scalars.remove(at: position) }
    case 2:
      let replacement = script.text()
      scalars.replaceSubrange(position..<min(position + 1, scalars.count), with: replacement)
    case 3:
      // The repeat copies the password now and then, so that matches occur.
      if field == .passwordRepeat { scalars = values[.password] ?? [] } else { continue }
    default:
      precondition(form.submit() == form.isValid)
      if form.isValid { checkEncoders(form) }
      continue
    }
    values[field] = scalars
    if field == .username {
      form.username = String(String.UnicodeScalarView(scalars))
    } else {
      form.update(field, from: TestSecret(String(String.UnicodeScalarView(scalars))))
    }
    let text = { (field: Field) in String(String.UnicodeScalarView(values[field] ?? [])) }
    let expected = NaiveRules.accept(
      shape: formShape, rules: formRules, username: text(.username), password: text(.password),
      repeated: text(.passwordRepeat))
    precondition(form.isValid == expected, "validity disagrees with the rules")
    if expected != last { expectedCalls += 1 }
    last = expected
    precondition(calls == expectedCalls, "observer calls do not match changes")
  }
  token.cancel()
  return 0
}
