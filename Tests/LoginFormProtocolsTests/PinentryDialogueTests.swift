import LoginFormModel
import Testing

@testable import LoginFormProtocols

/// The conversations gpg-agent 2.2.40 holds, replayed line by line with the
/// exact answers expected.
@Suite struct PinentryDialogueTests {
  /// The preamble gpg-agent sends after the greeting.
  static let preamble: [(String, String)] = [
    ("OPTION no-grab", "OK\n"),
    ("OPTION ttyname=/dev/pts/1", "OK\n"),
    ("OPTION ttytype=xterm-256color", "OK\n"),
    ("OPTION lc-ctype=C.UTF-8", "OK\n"),
    ("OPTION lc-messages=C.UTF-8", "OK\n"),
    ("OPTION allow-external-password-cache", "OK\n"),
    ("OPTION default-ok=_OK", "OK\n"),
    ("OPTION default-cancel=_Cancel", "OK\n"),
    ("OPTION default-yes=_Yes", "OK\n"),
    ("OPTION default-no=_No", "OK\n"),
    ("OPTION default-prompt=PIN:", "OK\n"),
    ("OPTION default-pwmngr=_Save in password manager", "OK\n"),
    (
      "OPTION default-cf-visi=Do you really want to make your passphrase visible on the screen?",
      "OK\n"
    ),
    ("OPTION default-tt-visi=Make passphrase visible", "OK\n"),
    ("OPTION default-tt-hide=Hide passphrase", "OK\n"),
    ("OPTION default-capshint=Caps Lock is on", "OK\n"),
    ("OPTION touch-file=/run/user/1000/gnupg/S.gpg-agent", "OK\n"),
    ("OPTION owner=31337/1000 workstation", "OK\n"),
    ("GETINFO flavor", "D login-form\nOK\n"),
    ("GETINFO version", "D 1.0\nOK\n"),
    ("GETINFO ttyinfo", "D /dev/pts/1 xterm-256color - 20620/1000/5 1000/1000 -\nOK\n"),
    ("GETINFO pid", "D 4242\nOK\n"),
  ]

  private func startedDriver() -> PinentryDriver {
    let driver = PinentryDriver()
    #expect(driver.greet() == "OK Pleased to meet you, process 4242\n")
    for (line, answer) in Self.preamble {
      #expect(driver.answer(line) == answer, "\(line)")
    }
    return driver
  }

  @Test func thePreambleSetsEveryOption() {
    let options = startedDriver().session.options
    #expect(!options.grabsKeyboard)
    #expect(options.ttyName == "/dev/pts/1")
    #expect(options.lcMessages == "C.UTF-8")
    #expect(options.allowsExternalPasswordCache)
    #expect(options.defaultPasswordManager == "_Save in password manager")
    #expect(options.owner == "31337/1000 workstation")
    #expect(options.defaultCapsLockHint == "Caps Lock is on")
  }

  @Test func symmetricEncryptionAsksTwiceAndReportsTheRepeat() throws {
    let driver = startedDriver()
    for line in [
      "SETKEYINFO u/S9A4E2BD3D3C8F1C9", "SETDESC Enter passphrase%0A", "SETPROMPT Passphrase:",
      "SETREPEATERROR does not match - try again", "SETGENPIN Suggest",
      "SETGENPIN_TT Suggest a random passphrase", "SETREPEAT Repeat:",
    ] {
      #expect(driver.answer(line) == "OK\n", "\(line)")
    }
    let request = try #require(driver.send("GETPIN").request)
    #expect(driver.output() == "")
    #expect(request.kind == .pin)
    #expect(request.description == "Enter passphrase\n")
    #expect(request.prompt == "Passphrase:")
    #expect(request.repeatPrompt == "Repeat:")
    #expect(request.repeatError == "does not match - try again")
    #expect(request.generateLabel == "Suggest")
    #expect(request.generateTooltip == "Suggest a random passphrase")
    #expect(request.keyInfo == "u/S9A4E2BD3D3C8F1C9")
    #expect(request.okLabel == "_OK" && request.cancelLabel == "_Cancel")
    #expect(request.shape == FormShape.passwordOnly.repeatingPassword)
    #expect(!request.grabsKeyboard)
    #expect(request.maximumPINBytes == 255)

    #expect(try driver.submit("pw pw+%", repeated: true).isNone)
    #expect(driver.output() == "S PIN_REPEATED\nD pw pw+%25\nOK\n")
    #expect(driver.send("BYE").isExit)
    #expect(driver.output() == "OK closing connection\n")
    #expect(driver.session.hasEnded)
  }

  @Test func unlockingAKeyRetriesWithTheErrorShownOnce() throws {
    let driver = startedDriver()
    let description =
      "Please enter the passphrase to unlock the OpenPGP secret key:%0A%22Name <n@example.org>%22"
      + "%0A255-bit EDDSA key, ID 0x0123456789ABCDEF,%0Acreated 2026-11-30.%0A"
    #expect(driver.answer("SETKEYINFO n/0123456789ABCDEF0123456789ABCDEF01234567") == "OK\n")
    #expect(driver.answer("SETDESC \(description)") == "OK\n")
    #expect(driver.answer("SETPROMPT Passphrase:") == "OK\n")
    let first = try #require(driver.send("GETPIN").request)
    #expect(first.error == nil)
    #expect(first.repeatPrompt == nil)
    #expect(first.shape == .passwordOnly)
    #expect(
      first.description
        == "Please enter the passphrase to unlock the OpenPGP secret key:\n\"Name <n@example.org>\""
        + "\n255-bit EDDSA key, ID 0x0123456789ABCDEF,\ncreated 2026-11-30.\n")
    try driver.submit("wrong", repeated: false)
    #expect(driver.output() == "D wrong\nOK\n")

    #expect(driver.answer("SETERROR Bad Passphrase (try 2 of 3)") == "OK\n")
    let second = try #require(driver.send("GETPIN").request)
    #expect(second.error == "Bad Passphrase (try 2 of 3)")
    #expect(second.description == first.description)
    #expect(second.prompt == "Passphrase:")
    try driver.submit("right", repeated: false)
    #expect(driver.output() == "D right\nOK\n")

    let third = try #require(driver.send("GETPIN").request)
    #expect(third.error == nil)
    driver.dismiss(.cancelled)
    #expect(driver.output() == "ERR 83886179 Operation cancelled <Pinentry>\n")
  }

  @Test func theWeakPassphraseWarningIsATwoButtonConfirmation() throws {
    let driver = startedDriver()
    let lines = [
      "SETDESC Warning: You have entered an insecure passphrase.%0A%0A"
        + "A passphrase should be at least 8 characters long.",
      "SETOK Take this one anyway", "SETCANCEL Enter new passphrase",
    ]
    for line in lines { #expect(driver.answer(line) == "OK\n") }
    let request = try #require(driver.send("CONFIRM").request)
    #expect(request.kind == .confirmation(oneButton: false))
    #expect(request.okLabel == "Take this one anyway")
    #expect(request.cancelLabel == "Enter new passphrase")
    #expect(request.prompt == nil && request.shape == nil)
    #expect(request.description?.hasSuffix("at least 8 characters long.") == true)
    driver.confirm()
    #expect(driver.output() == "OK\n")

    _ = driver.send("CONFIRM")
    driver.dismiss(.cancelled)
    #expect(driver.output() == "ERR 83886179 Operation cancelled <Pinentry>\n")
  }

  @Test func aStrayEndAfterCheckpinIsAnsweredOK() {
    let driver = startedDriver()
    #expect(driver.answer("END") == "OK\n")
    #expect(driver.answer("NOP") == "OK\n")
  }

  @Test func unknownCommandsAndOptionsGetTheAgentsCodes() {
    let driver = startedDriver()
    #expect(
      driver.answer("FROBNICATE now")
        == "ERR 536871187 Unknown IPC command <User defined source 1>\n")
    #expect(driver.answer("OPTION frobnicate=1") == "ERR 83886254 Unknown option <Pinentry>\n")
    #expect(driver.answer("OPTION grab=1") == "ERR 83886254 Unknown option <Pinentry>\n")
    #expect(driver.answer("GETINFO frobnicate") == "ERR 83886360 IPC parameter error <Pinentry>\n")
  }
}
