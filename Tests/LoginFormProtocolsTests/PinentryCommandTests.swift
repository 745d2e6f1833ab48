import LoginFormModel
import Testing

@testable import LoginFormProtocols

/// Commands one by one, with the exact bytes pinentry 1.2.1 answers.
@Suite struct PinentryCommandTests {
  @Test func commandWordsIgnoreCase() {
    let driver = PinentryDriver()
    #expect(driver.answer("getinfo pid") == "D 4242\nOK\n")
    #expect(driver.answer("SetDesc Hello") == "OK\n")
    #expect(driver.send("GetPin").request?.description == "Hello")
  }

  @Test func helpListsEveryCommandAsComments() {
    let driver = PinentryDriver()
    let expected =
      PinentrySession.commandNames.map { "# \($0)\n" }.joined() + "OK\n"
    #expect(driver.answer("HELP") == expected)
    #expect(expected.hasPrefix("# NOP\n# CANCEL\n# OPTION\n# BYE\n"))
    #expect(driver.answer("HELP getpin") == "ERR 536870939 Not found <User defined source 1>\n")
    #expect(driver.answer("HELP FROB") == "ERR 536871087 Unknown command <User defined source 1>\n")
  }

  @Test func theHarmlessCommandsAnswerAsPinentryDoes() {
    let driver = PinentryDriver()
    let notImplemented = "ERR 536870981 Not implemented <User defined source 1>\n"
    #expect(driver.answer("NOP") == "OK\n")
    #expect(driver.answer("NOP with arguments") == "OK\n")
    #expect(driver.answer("CANCEL") == notImplemented)
    #expect(driver.answer("AUTH") == notImplemented)
    #expect(driver.answer("D stray data") == notImplemented)
  }

  @Test func commentsAndEmptyLinesGetNoAnswer() {
    let driver = PinentryDriver()
    #expect(driver.answer("# a comment") == "")
    #expect(driver.answer("") == "")
  }

  @Test func leadingWhiteSpaceIsASyntaxError() {
    let driver = PinentryDriver()
    let expected = "ERR 536871188 IPC syntax error <User defined source 1> - leading white-space\n"
    #expect(driver.answer(" NOP") == expected)
    #expect(driver.answer("\tNOP") == expected)
  }

  @Test func optionsAreSplitAsLibassuanSplitsThem() {
    let driver = PinentryDriver()
    let syntax = "ERR 536871188 IPC syntax error <User defined source 1> - "
    #expect(driver.answer("OPTION") == syntax + "argument required\n")
    #expect(driver.answer("OPTION =x") == syntax + "no option name given\n")
    #expect(driver.answer("OPTION -x") == syntax + "option should not begin with one dash\n")
    #expect(driver.answer("OPTION lc-messages=") == syntax + "option argument expected\n")
    #expect(driver.answer("OPTION lc-ctype =  C.UTF-8  ") == "OK\n")
    #expect(driver.answer("OPTION --ttytype=xterm") == "OK\n")
    #expect(driver.answer("OPTION display :1") == "OK\n")
    #expect(driver.answer("OPTION lc-messages") == "OK\n")
    let options = driver.session.options
    #expect(options.lcCtype == "C.UTF-8")
    #expect(options.ttyType == "xterm")
    #expect(options.display == ":1")
    #expect(options.lcMessages == "")
  }

  @Test func everyOptionTheAgentSendsIsAccepted() {
    let driver = PinentryDriver()
    let lines = [
      "grab", "no-grab", "ttyname=/dev/pts/3", "ttytype=xterm", "ttyalert=beep", "lc-ctype=C",
      "lc-messages=C", "allow-external-password-cache", "default-ok=_OK", "default-cancel=_Cancel",
      "default-yes=_Yes", "default-no=_No", "default-prompt=PIN:", "default-pwmngr=_Save",
      "default-cf-visi=Really?", "default-tt-visi=Show", "default-tt-hide=Hide",
      "default-capshint=Caps", "touch-file=/tmp/t", "owner=99/1000 host", "parent-wid=42",
      "constraints-enforce", "constraints-hint-short=At least 8%0Acharacters",
      "constraints-hint-long=Long hint", "constraints-error-title=Weak%20passphrase",
      "formatted-passphrase", "formatted-passphrase-hint=In groups", "invisible-char=*",
      "display=:0", "debug-wait=3", "allow-emacs-prompt",
    ]
    for line in lines { #expect(driver.answer("OPTION \(line)") == "OK\n", "\(line)") }
    let options = driver.session.options
    #expect(!options.grabsKeyboard)
    #expect(options.enforcesConstraints && options.formatsPassphrase)
    #expect(options.constraintsHintShort == "At least 8\ncharacters")
    #expect(options.constraintsErrorTitle == "Weak passphrase")
    #expect(options.invisibleCharacter == "*")
    #expect(options.parentWindow == "42")
    #expect(options.defaultYes == "_Yes" && options.defaultNo == "_No")
  }

  @Test func unknownOptionsAndFlagsWithValuesAreRefused() {
    let driver = PinentryDriver()
    let unknown = "ERR 83886254 Unknown option <Pinentry>\n"
    #expect(driver.answer("OPTION colors=red") == unknown)
    #expect(driver.answer("OPTION no-grab=yes") == unknown)
    #expect(driver.answer("OPTION GRAB") == unknown)
    #expect(driver.answer("OPTION allow-emacs-prompt=1") == unknown)
  }

  @Test func getpinWithNothingSetUsesTheDefaults() throws {
    let driver = PinentryDriver()
    let request = try #require(driver.send("GETPIN").request)
    #expect(driver.output() == "")
    #expect(request.kind == .pin)
    #expect(request.prompt == "PIN:")
    #expect(request.okLabel == "_OK" && request.cancelLabel == "_Cancel")
    #expect(request.title == nil && request.description == nil && request.error == nil)
    #expect(request.timeoutSeconds == nil, "no countdown unless asked")
    #expect(request.grabsKeyboard)
    #expect(request.notOKLabel == nil && request.repeatPrompt == nil && request.qualityBar == nil)
    #expect(request.shape == .passwordOnly)
    #expect(driver.session.openRequest == request)
  }

  @Test func theAgentsDefaultsApplyUntilASetCommandOverridesThem() throws {
    let driver = PinentryDriver()
    for line in ["OPTION default-prompt=Passphrase:", "OPTION default-ok=_Unlock"] {
      driver.send(line)
    }
    let first = try #require(driver.send("GETPIN").request)
    #expect(first.prompt == "Passphrase:" && first.okLabel == "_Unlock")
    driver.dismiss(.cancelled)
    driver.send("SETPROMPT PIN%3A")
    driver.send("SETOK O_K")
    let second = try #require(driver.send("GETPIN").request)
    #expect(second.prompt == "PIN:" && second.okLabel == "O_K")
  }

  @Test func timeoutsFollowAtoiAndSurviveReset() throws {
    let driver = PinentryDriver()
    #expect(driver.answer("SETTIMEOUT 30") == "OK\n")
    #expect(driver.answer("RESET") == "OK\n")
    #expect(try #require(driver.send("GETPIN").request).timeoutSeconds == 30)
    driver.dismiss(.cancelled)
    _ = driver.output()
    for (argument, expected) in [("0", nil), ("15s", 15), ("abc", nil), ("-5", nil), ("", nil)] {
      driver.prepare("SETTIMEOUT 7")
      #expect(driver.answer("SETTIMEOUT \(argument)") == "OK\n")
      let request = try #require(driver.send("GETPIN").request)
      #expect(request.timeoutSeconds == (argument.isEmpty ? 7 : expected), "\(argument)")
      driver.dismiss(.cancelled)
      _ = driver.output()
      driver.dismiss(.cancelled)
    }
    let noDefault = PinentryHost(
      processID: 1, userID: 0, groupID: 0, flavor: "f", version: "v", defaultTimeoutSeconds: nil)
    let patient = PinentryDriver(host: noDefault)
    #expect(try #require(patient.send("GETPIN").request).timeoutSeconds == nil)
  }

  @Test func resetClearsTheTextsButKeepsTheOptions() throws {
    let driver = PinentryDriver()
    for line in [
      "OPTION no-grab", "SETTITLE T", "SETDESC D", "SETPROMPT P", "SETERROR E", "SETOK O",
      "SETCANCEL C", "SETREPEAT R", "SETQUALITYBAR Q", "SETGENPIN G", "SETKEYINFO n/K",
    ] {
      driver.prepare(line)
    }
    #expect(driver.answer("RESET") == "OK\n")
    let request = try #require(driver.send("GETPIN").request)
    #expect(request.title == nil && request.description == nil && request.error == nil)
    #expect(request.prompt == "PIN:" && request.okLabel == "_OK" && request.keyInfo == nil)
    #expect(
      request.repeatPrompt == nil && request.qualityBar == nil && request.generateLabel == nil)
    #expect(!request.grabsKeyboard)
  }

  @Test func setArgumentsArePercentDecodedAndAnEmptyOneUnsets() throws {
    let driver = PinentryDriver()
    driver.send("SETTITLE Unlock%20%22key%22+now")
    driver.send("SETDESC Line one%0aLine two%0D%0A\u{E9}")
    driver.send("SETQUALITYBAR")
    driver.send("SETQUALITYBAR_TT Strength%3A")
    driver.send("SETKEYINFO --clear")
    driver.send("SETERROR x")
    driver.send("SETERROR")
    let request = try #require(driver.send("GETPIN").request)
    #expect(request.title == "Unlock \"key\"+now")
    #expect(request.description == "Line one\nLine two\r\n\u{E9}")
    #expect(request.qualityBar == "Quality:")
    #expect(request.qualityBarTooltip == "Strength:")
    #expect(request.keyInfo == nil)
    #expect(request.error == nil)
  }

  @Test func aBadEscapeIsAWellFormedErrorAndKeepsTheOldValue() throws {
    let driver = PinentryDriver()
    driver.prepare("SETDESC good")
    let parameter = "ERR 83886360 IPC parameter error <Pinentry> - "
    #expect(driver.answer("SETDESC a%G1b") == parameter + "bad percent escape\n")
    #expect(driver.answer("SETDESC trailing%") == parameter + "bad percent escape\n")
    #expect(driver.answer("SETPROMPT %FF") == parameter + "not UTF-8\n")
    #expect(driver.answer("SETOK a%00") == parameter + "NUL byte\n")
    #expect(driver.answer("OPTION constraints-hint-long=%zz") == parameter + "bad percent escape\n")
    #expect(try #require(driver.send("GETPIN").request).description == "good")
  }

  @Test func invalidUTF8InARawArgumentIsAParameterError() {
    let driver = PinentryDriver()
    driver.send(bytes: Array("OPTION ttyname=".utf8) + [0xFF])
    #expect(driver.output() == "ERR 83886360 IPC parameter error <Pinentry> - not UTF-8\n")
    driver.send(bytes: Array("SETKEYINFO ".utf8) + [0xC3])
    #expect(driver.output() == "ERR 83886360 IPC parameter error <Pinentry> - not UTF-8\n")
  }

  @Test func confirmationsShowTheNotOKButtonOnlyWithTwoButtons() throws {
    let driver = PinentryDriver()
    driver.prepare("SETNOTOK _No", "SETQUALITYBAR")
    let twoButtons = try #require(driver.send("CONFIRM").request)
    #expect(twoButtons.kind == .confirmation(oneButton: false))
    #expect(twoButtons.notOKLabel == "_No")
    #expect(twoButtons.qualityBar == nil && twoButtons.generateLabel == nil)
    driver.confirm()
    let oneButton = try #require(driver.send("CONFIRM --one-button").request)
    #expect(oneButton.kind == .confirmation(oneButton: true))
    #expect(oneButton.notOKLabel == nil)
    driver.confirm()
    let message = try #require(driver.send("MESSAGE").request)
    #expect(message.kind == .confirmation(oneButton: true))
    #expect(driver.output() == "OK\nOK\n")
  }

  @Test func whatAGetpinUsedOnceIsForgottenAfterIt() throws {
    let driver = PinentryDriver()
    for line in ["SETREPEAT Again:", "SETREPEATERROR Differs", "SETQUALITYBAR Q", "SETERROR E"] {
      driver.send(line)
    }
    let first = try #require(driver.send("GETPIN").request)
    #expect(first.repeatPrompt == "Again:" && first.qualityBar == "Q" && first.error == "E")
    try driver.submit("pw", repeated: true)
    let second = try #require(driver.send("GETPIN").request)
    #expect(second.repeatPrompt == nil && second.qualityBar == nil && second.error == nil)
    #expect(second.repeatError == "Differs")
  }

  @Test func ttyinfoShowsDashesForWhatIsUnknown() {
    let driver = PinentryDriver()
    #expect(driver.answer("GETINFO ttyinfo") == "D - - - - 1000/1000 -\nOK\n")
    var options = PinentryOptions()
    options.display = ":0"
    let withDisplay = PinentryDriver(options: options)
    #expect(withDisplay.answer("GETINFO ttyinfo") == "D - - :0 - 1000/1000 -\nOK\n")
  }

  @Test func getinfoMatchesItsArgumentExactly() {
    let driver = PinentryDriver()
    let parameter = "ERR 83886360 IPC parameter error <Pinentry>\n"
    #expect(driver.answer("GETINFO VERSION") == parameter)
    #expect(driver.answer("GETINFO version ") == parameter)
    #expect(driver.answer("GETINFO") == parameter)
    #expect(driver.answer("GETINFO   version") == "D 1.0\nOK\n")
  }
}
