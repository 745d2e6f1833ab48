import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import Testing

/// The ordinary mode's options, checked over what GLib parsed.
@Suite struct OrdinaryOptionsTests {
  private func request(_ arguments: String...) throws(OptionsError) -> OrdinaryRequest {
    try OrdinaryOptions.request(
      from: parsed(arguments, declarations: OrdinaryOptionTable.declarations),
      checks: testChecks)
  }

  private func error(_ arguments: String...) -> OptionsError? {
    do throws(OptionsError) {
      _ = try OrdinaryOptions.request(
        from: parsed(arguments, declarations: OrdinaryOptionTable.declarations),
        checks: testChecks)
      return nil
    } catch {
      return error
    }
  }

  @Test func helpEndsWithTheOutputAndTheDropInModes() {
    let text = OrdinaryOptionTable.description
    for part in [
      "two lines", "--separator", "--json", "login-form PROMPT", "git-credential-login-form",
      "pinentry-login-form", "login-form(1)",
    ] {
      #expect(text.contains(part), "\(part)")
    }
  }

  @Test func noOptionsGiveTheOriginalRulesAndTwoLines() throws {
    let request = try request()
    #expect(request.output == .lines)
    #expect(request.form.shape == .usernameAndPassword)
    #expect(request.form.rules.username.minimumLength == 6)
    #expect(request.form.rules.password.minimumLength == 7)
    #expect(request.form.rules.username.maximumLength == 256)
    #expect(request.form.rules.password.maximumLength == 256)
    #expect(request.form.rules.username.refusesInvisibleCharacters)
    #expect(!request.form.rules.password.refusesInvisibleCharacters)
    #expect(request.form.title == "Log In")
    #expect(request.form.okLabel == "_Done")
    #expect(request.form.cancelLabel == "_Cancel")
    #expect(request.form.label(of: .username) == "_Username")
    #expect(request.form.label(of: .password) == "_Password")
    #expect(request.form.options.timeoutSeconds == nil)
    #expect(!request.form.options.grabsKeyboard)
    #expect(request.form.options.window.width == nil)
    #expect(!request.showsVersion)
  }

  @Test func everyOptionReachesTheForm() throws {
    let request = try request(
      "--title=Backup", "--text", "Sign in", "--username=zoë", "--ok-label=_Sign In",
      "--cancel-label=_Not Now", "--username-min-length=2", "--password-min-length=0",
      "--username-max-length=9", "--password-max-length=99", "--username-pattern=[a-zë]+",
      "--username-pattern-hint=letters only", "--separator=::", "--timeout=30",
      "--username-label=_Account", "--password-label=P_IN", "--width=600", "--keep-above",
      "--attach=0x2a00007", "--modal", "--grab", "--window-icon=dialog-password",
      "--text-markup")
    let form = request.form
    #expect(form.title == "Backup")
    #expect(form.text == "Sign in")
    #expect(form.textIsMarkup)
    #expect(form.username == "zoë")
    #expect(form.okLabel == "_Sign In")
    #expect(form.cancelLabel == "_Not Now")
    #expect(form.usernameLabel == "_Account")
    #expect(form.passwordLabel == "P_IN")
    #expect(form.rules.username.minimumLength == 2)
    #expect(form.rules.username.maximumLength == 9)
    #expect(form.rules.password.minimumLength == 0)
    #expect(form.rules.password.maximumLength == 99)
    #expect(form.rules.username.pattern?.hint == "letters only")
    #expect(form.rules.username.pattern?.verdict(on: "zoë") == .match)
    #expect(form.rules.username.pattern?.verdict(on: "zoë1") == .mismatch)
    #expect(form.options.timeoutSeconds == 30)
    #expect(form.options.window.width == 600)
    #expect(form.options.window.parents == [.init(window: .x11(0x2a0_0007), source: "--attach")])
    #expect(form.options.window.isModal)
    #expect(form.options.window.keepsAbove)
    #expect(form.options.grabsKeyboard)
    #expect(request.asksForGrab)
    #expect(form.options.window.icon == "dialog-password")
    #expect(request.output == .separated(by: "::"))
    #expect(try self.request("--json").output == .json)
    #expect(try self.request("--version").showsVersion)
  }

  @Test func thePasswordAloneAndTheNewPasswordShapes() throws {
    #expect(try request("--password-only").form.shape == .passwordOnly)
    #expect(
      try request("--new-password").form.shape == FormShape(username: true, repeatsPassword: true))
    #expect(
      try request("--password-only", "--new-password").form.shape
        == .passwordOnly.repeatingPassword)
    #expect(error("--password-only", "--separator=|") == .conflict("separator", "password-only"))
    #expect(error("--password-only", "--username=bob") == .conflict("username", "password-only"))
    #expect(
      error("--password-only", "--username-pattern=x")
        == .conflict("username-pattern", "password-only"))
  }

  @Test func aSeparatorIsRefusedInsideTheUsername() throws {
    #expect(try request("--separator=|").form.rules.username.separator == "|")
    #expect(try request("--separator=|").form.rules.password.separator == nil)
    #expect(try request().form.rules.username.separator == nil)
    #expect(
      try request("--separator=\n").form.rules.username.separator == nil,
      "a newline is refused as a control character already")
  }

  @Test func aMalformedNumberIsRejectedWithItsRange() {
    #expect(
      error("--timeout=abc")
        == .invalidValue(option: "timeout", reason: "must be a whole number from 1 to 2147483647"))
  }

  @Test(arguments: ["-2147483648", "0", "-1", "2147483648", "99999999999999999999", "1e3", " 5"])
  func aTimeoutThatCannotBeHonouredIsRejected(_ value: String) {
    #expect(error("--timeout=" + value) != nil)
  }

  @Test func theLongestTimeoutIsTaken() throws {
    #expect(try request("--timeout=2147483647").form.options.timeoutSeconds == 2_147_483_647)
  }

  @Test func aMinimumTheFieldCannotHoldIsRejected() {
    #expect(
      error("--password-max-length=100000", "--password-min-length=70000")
        == .invalidValue(
          option: "password-min-length",
          reason: "70000 is more than the 65535 characters the entry holds"))
  }

  @Test func aPrefilledUsernameLongerThanTheFieldIsRejected() {
    let long = String(repeating: "a", count: 2049)
    #expect(
      error("--username=" + long)
        == .invalidValue(
          option: "username", reason: "is longer than the 2048 characters the entry holds"))
  }

  @Test func emptyButtonAndFieldLabelsAreRejected() {
    #expect(error("--ok-label=") == .invalidValue(option: "ok-label", reason: "must not be empty"))
    #expect(
      error("--cancel-label=_")
        == .invalidValue(option: "cancel-label", reason: "must not be empty"))
    #expect(
      error("--username-label=")
        == .invalidValue(option: "username-label", reason: "must not be empty"))
  }

  @Test func markupIsCheckedOnlyWhenAskedFor() throws {
    #expect(try request("--text=<b>bold").form.textIsMarkup == false)
    #expect(
      error("--text=<b>bold", "--text-markup")
        == .invalidValue(option: "text", reason: "unclosed <b>"))
    #expect(try request("--text=<b>bold</b>", "--text-markup").form.textIsMarkup)
  }

  @Test func windowOptionsAreChecked() {
    #expect(
      error("--attach=nonsense")
        == .invalidValue(option: "attach", reason: "must be an X window id"))
    #expect(error("--attach=0") != nil, "no window has id 0")
    #expect(error("--modal") == .needs("modal", "parent"))
    #expect(
      error("--parent=0x2a")
        == .invalidValue(option: "parent", reason: "must be x11:WINDOW or wayland:HANDLE"))
    #expect(error("--parent=x11:2a", "--attach=0x2a") == .conflict("parent", "attach"))
    let wayland = try? request("--parent=wayland:%24h", "--modal").form.options.window
    #expect(wayland?.parents == [.init(window: .wayland("$h"), source: "--parent")])
    #expect(wayland?.isModal == true)
    #expect(
      error("--width=0")
        == .invalidValue(option: "width", reason: "must be a whole number from 1 to 10000"))
    #expect(
      error("--window-icon=/missing/icon.png")
        == .invalidValue(option: "window-icon", reason: "no such file"))
  }

  @Test func anIconNameIsNotLoadedAsAFile() throws {
    #expect(try request("--window-icon=missing-name").form.options.window.icon == "missing-name")
  }

  @Test func badValuesAreRejectedWithTheOptionNamed() {
    #expect(
      error("--username-min-length=-1")
        == .invalidValue(
          option: "username-min-length", reason: "must be a whole number from 0 to 2147483647"))
    #expect(
      error("--password-min-length=9", "--password-max-length=8")
        == .invalidValue(option: "password-min-length", reason: "9 is above the maximum of 8"))
    #expect(
      error("--username-max-length=0")
        == .invalidValue(
          option: "username-max-length", reason: "must be a whole number from 1 to 2147483647"))
    #expect(
      error("--separator=") == .invalidValue(option: "separator", reason: "must not be empty"))
    #expect(error("--json", "--separator=|") == .conflict("json", "separator"))
    #expect(error("stray") == .unexpectedArgument("stray"))
  }

  @Test func anInvalidPatternIsAnOptionErrorInTheCheckersWords() {
    #expect(
      error("--username-pattern=[a-z")
        == .invalidValue(option: "username-pattern", reason: "not a pattern"))
  }

  @Test func aValueThatIsNotUTF8IsNamed() throws {
    let options = ParsedOptions(
      texts: ["title": [0x41, 0xFF]], flags: [], positional: [])
    #expect(throws: OptionsError.invalidUTF8(option: "title")) {
      try OrdinaryOptions.request(from: options, checks: testChecks)
    }
  }

  @Test func thereIsNoOptionThatTakesAPassword() {
    let names = OrdinaryOptionTable.declarations.map(\.name)
    #expect(
      !names.contains { $0 == "password" || $0.hasSuffix("-password") && $0 != "new-password" })
  }

  @Test func errorsReadAsOneLine() {
    for failure in [
      error("--timeout=abc"), error("--json", "--separator=x"), error("x"),
      error("--modal"), error("--username-pattern=("),
    ] {
      let line = failure?.description ?? ""
      #expect(!line.isEmpty)
      #expect(!line.contains("\n"), "\(line)")
    }
  }

  @Test func ttyAsksOnTheTerminalAndSaysWhatCannotWorkThere() throws {
    #expect(try !request().usesTerminal)
    #expect(try request().form.options.grabsKeyboard == false)
    let plain = try request("--tty", "--width=300", "--keep-above")
    #expect(plain.usesTerminal)
    #expect(OrdinaryFrontEnd.terminalWarnings(for: plain).isEmpty)
    let windowOnly = try request("--tty", "--grab", "--attach=0x2a")
    #expect(
      OrdinaryFrontEnd.terminalWarnings(for: windowOnly) == [
        "--grab has no effect on a terminal: no program can hold it",
        "--attach has no effect on a terminal: it names a window",
      ])
    #expect(
      try OrdinaryFrontEnd.terminalWarnings(for: request("--tty", "--parent=wayland:h")) == [
        "--parent has no effect on a terminal: it names a window"
      ])
  }
}
