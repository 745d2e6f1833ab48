// Measures how many model edits per second the rules allow, in release mode:
// typical typing, a value at the 256-character limit, and a 1 MiB value.
// The secret is read in place from an array, as the GTK layer reads it from
// the entry's locked buffer.
import LoginFormModel

/// A secret in an array, standing in for the entry's locked buffer.
final class ArraySecret: SecretText {
  let bytes: [UInt8]
  init(_ text: String) { bytes = Array(text.utf8) }
  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try bytes.withUnsafeBufferPointer(body)
  }
}

/// Runs `edits` edits produced by `value(i)` and prints edits per second.
func measure(_ name: String, edits: Int, value: (Int) -> ArraySecret) {
  let form = LoginForm(username: "abcdef")
  var flips = 0
  let token = form.observeValidity { _ in flips += 1 }
  let values = (0..<edits).map(value)
  let clock = ContinuousClock()
  let elapsed = clock.measure {
    for next in values { form.update(.password, from: next) }
  }
  token.cancel()
  let nanoseconds =
    Int(elapsed.components.seconds) * 1_000_000_000
    + Int(elapsed.components.attoseconds / 1_000_000_000)
  let perSecond = Int(Double(edits) * 1e9 / Double(max(nanoseconds, 1)))
  let perEdit = nanoseconds / edits
  print("\(name)\t\(perSecond) edits/s\t\(perEdit) ns/edit\t(\(flips) validity calls)")
}

let typed = "correct horse battery staple"
let prefixes = (1...typed.count).map { ArraySecret(String(typed.prefix($0))) }
measure("typing (1-28 chars)", edits: 200_000) { prefixes[$0 % prefixes.count] }
// Two values alternate, built once, so that the figure is the model's cost
// rather than the cost of touching fresh memory for each edit.
let limit = [
  ArraySecret(String(repeating: "p", count: 255) + "x"),
  ArraySecret(String(repeating: "p", count: 255) + "y"),
]
measure("at the 256 limit", edits: 200_000) { limit[$0 % 2] }
let mebibyte = [
  ArraySecret(String(repeating: "m", count: 1 << 20) + "x"),
  ArraySecret(String(repeating: "m", count: 1 << 20) + "y"),
]
measure("1 MiB value", edits: 200_000) { mebibyte[$0 % 2] }
