// libFuzzer entry point for the model's edit operations and the output
// encoders. Built by `make fuzz` together with Sources/LoginFormModel, with
// -sanitize=fuzzer,address; any broken invariant traps, which libFuzzer
// reports with the input that caused it. The model and the naive rules are
// compiled into the same module, so no import is needed.

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

func rules(_ selector: UInt8) -> FormRules {
  do {
    switch selector % 3 {
    case 0: return FormRules()
    case 1:
      return FormRules(
        username: try FieldRules(minimumLength: 0, maximumLength: 3),
        password: try FieldRules(minimumLength: 2, maximumLength: 5))
    default:
      return FormRules(
        username: try FieldRules(
          minimumLength: 1, maximumLength: 12, pattern: UsernamePattern("[^:]+"), separator: "|"),
        password: try FieldRules(minimumLength: 1))
    }
  } catch {
    fatalError("fixed rules failed: \(error)")
  }
}

/// Checks the encoders byte by byte: a value may begin with a combining
/// mark, which would merge with a separator into one Character, so
/// Character-level comparisons would be wrong here.
func checkEncoders(_ credentials: Credentials, separatorRefused: Bool) {
  let username = Array(credentials.username.utf8)
  let password = Array(credentials.password.utf8)
  let lines = Array(OutputFormat.lines.encode(credentials).utf8)
  precondition(lines == username + [0x0A] + password + [0x0A], "lines output is not two lines")
  precondition(!username.contains(0x0A) && !password.contains(0x0A), "a value holds a newline")
  let separated = Array(OutputFormat.separated(by: "|").encode(credentials).utf8)
  precondition(separated == username + [0x7C] + password + [0x0A], "separated output is wrong")
  if separatorRefused {
    // What a script does: split at the first separator.
    let cut = separated.firstIndex(of: 0x7C)
    precondition(cut == username.count, "the first separator is not the boundary")
  }
  let json = OutputFormat.json.encode(credentials)
  precondition(
    !json.unicodeScalars.dropLast().contains { $0.value < 0x20 || $0.value == 0x2028 },
    "raw control character in JSON")
  precondition(Array(json.utf8.prefix(13)) == Array("{\"username\":\"".utf8), "JSON prefix")
  precondition(Array(json.utf8.suffix(3)) == Array("\"}\n".utf8), "JSON suffix")
}

/// Runs one input as a script of edits and submits, checking after each
/// step that the model agrees with the naive rules and the encoders hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var script = Script(bytes: ArraySlice(UnsafeBufferPointer(start: data, count: size)))
  let formRules = rules(script.byte() ?? 0)
  let form = LoginForm(rules: formRules)
  var calls = 0
  var expectedCalls = 1
  var last = form.isValid
  let token = form.observeValidity { _ in calls += 1 }
  var values: [Field: [Unicode.Scalar]] = [.username: [], .password: []]
  while let operation = script.byte() {
    let field: Field = operation & 1 == 0 ? .username : .password
    var scalars = values[field] ?? []
    let position = Int(script.byte() ?? 0) % (scalars.count + 1)
    switch (operation >> 1) % 4 {
    case 0: scalars.insert(contentsOf: script.text(), at: position)
    case 1: if position < scalars.count { scalars.remove(at: position) }
    case 2:
      let replacement = script.text()
      scalars.replaceSubrange(position..<min(position + 1, scalars.count), with: replacement)
    default:
      let submitted = form.submit()
      precondition((submitted != nil) == form.isValid)
      if let submitted {
        checkEncoders(submitted, separatorRefused: formRules.username.separator == "|")
      }
      continue
    }
    values[field] = scalars
    form[field] = String(String.UnicodeScalarView(scalars))
    let expected =
      NaiveRules.accept(form.username, formRules.username, trim: true)
      && NaiveRules.accept(form.password, formRules.password, trim: false)
    precondition(form.isValid == expected, "validity disagrees with the rules")
    if expected != last { expectedCalls += 1 }
    last = expected
    precondition(calls == expectedCalls, "observer calls do not match changes")
  }
  token.cancel()
  return 0
}
