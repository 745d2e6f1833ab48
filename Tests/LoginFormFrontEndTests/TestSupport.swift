import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormTestSupport

/// What GLib's parser would make of `arguments` (without the program name)
/// given `declarations`: `--name=value` and `--name value` for options that
/// take a value, `--name` for flags, anything else positional.
func parsed(_ arguments: [String], declarations: [OptionDeclaration]) -> ParsedOptions {
  var texts: [String: [UInt8]] = [:]
  var flags: Set<String> = []
  var positional: [String] = []
  var rest = arguments[...]
  while let argument = rest.popFirst() {
    guard argument.hasPrefix("--"), argument.count > 2 else {
      positional.append(argument)
      continue
    }
    let body = argument.dropFirst(2)
    let name = String(body.prefix { $0 != "=" })
    guard let declaration = declarations.first(where: { $0.name == name }) else {
      positional.append(argument)
      continue
    }
    if declaration.placeholder == nil {
      flags.insert(name)
    } else if let equals = body.firstIndex(of: "=") {
      texts[name] = Array(body[body.index(after: equals)...].utf8)
    } else if let value = rest.popFirst() {
      texts[name] = Array(value.utf8)
    }
  }
  return ParsedOptions(texts: texts, flags: flags, positional: positional)
}

/// Checks that need no GTK: patterns are Swift regular expressions; markup
/// is refused when it holds `<b>` without `</b>`; an icon file is refused
/// when its path holds "missing".
var testChecks: OptionChecks {
  OptionChecks(
    compilePattern: { source, hint in
      do {
        let regex = try Regex(source)
        return .success(
          UsernamePattern(source: source, hint: hint) {
            $0.wholeMatch(of: regex) != nil ? .match : .mismatch
          })
      } catch {
        return .failure(OptionChecks.Problem("not a pattern"))
      }
    },
    markupProblem: { $0.contains("<b>") && !$0.contains("</b>") ? .init("unclosed <b>") : nil },
    iconProblem: { $0.contains("missing") ? .init("no such file") : nil })
}

extension Answer {
  /// The bytes the process would write, and its status.
  var written: (output: String, status: ExitStatus) {
    var sink = ArraySink()
    encode(into: &sink)
    return (sink.text, status)
  }
}

extension SubmittedForm {
  /// A form as a window hands it over.
  static func typed(
    username: Substring? = nil, password: String? = nil, repeated: Bool = false
  ) -> SubmittedForm {
    SubmittedForm(
      username: username, password: password.map { TestSecret($0) },
      passwordWasRepeated: repeated)
  }
}

extension Prompt {
  /// The form, if this is one.
  var form: FormDescription? {
    guard case .form(let form) = self else { return nil }
    return form
  }

  /// The question, if this is one.
  var question: QuestionDescription? {
    guard case .question(let question) = self else { return nil }
    return question
  }

  /// The notice, if this is one.
  var notice: NoticeDescription? {
    guard case .notice(let notice) = self else { return nil }
    return notice
  }
}

/// Ours, not Swift Testing's exit-test status.
typealias ExitStatus = LoginFormPrompt.ExitStatus

/// `line` between FSI and PDI, as a client's text is shown.
func isolated(_ line: String) -> String {
  "\u{2068}" + line + "\u{2069}"
}

/// How the front end shows a client's `text` that has no runs of blank
/// lines and no reordering characters: each line isolated, its trailing
/// white space gone (ClientTextTests test the rest).
func shown(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
    guard let last = line.lastIndex(where: { !$0.isWhitespace }) else { return "" }
    return isolated(String(line[...last]))
  }.joined(separator: "\n")
}

extension RequestPlan {
  /// The answer, when the plan needs no prompt.
  var answer: Answer? {
    guard case .answered(let answer) = self else { return nil }
    return answer
  }

  /// The prompt to show and its end, when there is one.
  var pending: PendingPrompt? {
    guard case .ask(let pending) = self else { return nil }
    return pending
  }
}

extension PromptResult {
  /// A form submitted with `password` (and `username`), the box ticked
  /// when `remembers`.
  static func typed(_ password: String, username: Substring? = nil, remembers: Bool)
    -> PromptResult
  {
    .submitted(
      SubmittedForm(
        username: username, password: TestSecret(password), passwordWasRepeated: false,
        remembers: remembers))
  }
}
