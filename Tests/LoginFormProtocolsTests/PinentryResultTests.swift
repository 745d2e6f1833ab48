import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

/// What the window's outcome writes, byte for byte.
@Suite struct PinentryResultTests {
  private let cancelled = "ERR 83886179 Operation cancelled <Pinentry>\n"
  private let timeout = "ERR 83886142 Timeout <Pinentry>\n"
  private let notConfirmed = "ERR 83886194 Not confirmed <Pinentry>\n"

  private func driver(opening command: String, after setup: String...) -> PinentryDriver {
    let driver = PinentryDriver()
    for line in setup { driver.prepare(line) }
    _ = driver.send(command)
    _ = driver.output()
    return driver
  }

  @Test func theRepeatIsReportedOnlyWhenAskedForAndDone() throws {
    let asked = driver(opening: "GETPIN", after: "SETREPEAT Repeat:")
    try asked.submit("pw", repeated: true)
    #expect(asked.output() == "S PIN_REPEATED\nD pw\nOK\n")
    let notRepeated = driver(opening: "GETPIN", after: "SETREPEAT Repeat:")
    try notRepeated.submit("pw", repeated: false)
    #expect(notRepeated.output() == "D pw\nOK\n")
    let notAsked = driver(opening: "GETPIN")
    try notAsked.submit("pw", repeated: true)
    #expect(notAsked.output() == "D pw\nOK\n")
  }

  @Test func thePINIsEscapedOnlyForPercentCRAndLF() throws {
    let driver = driver(opening: "GETPIN")
    try driver.submit("a%b+c d\r\n\u{E9}#")
    #expect(driver.output() == "D a%25b+c d%0D%0A\u{E9}#\nOK\n")
  }

  @Test func anEmptyPINIsAnOKAlone() throws {
    let driver = driver(opening: "GETPIN", after: "SETREPEAT R")
    try driver.submit("", repeated: true)
    #expect(driver.output() == "OK\n")
  }

  @Test func aPINOverTheAgentsLimitIsRefusedAndTheWindowStaysOpen() throws {
    let driver = driver(opening: "GETPIN")
    #expect(throws: PinentrySubmitError.tooManyBytes(maximum: 255, actual: 256)) {
      try driver.submit(String(repeating: "a", count: 256))
    }
    #expect(driver.output() == "")
    #expect(driver.session.openRequest != nil)
    let longest = String(repeating: "\u{E9}", count: 127) + "a"
    try driver.submit(longest)
    #expect(driver.output() == "D \(longest)\nOK\n")
  }

  @Test func aCopyOfTheSessionSizesTheOutputExactly() throws {
    let driver = driver(opening: "GETPIN", after: "SETREPEAT R")
    var probe = driver.session
    var real = driver.session
    var counter = ByteCounter()
    var sink = ArraySink()
    try withBytes("100%\n") { pin in
      _ = try probe.submit(pin: pin, repeated: true, into: &counter)
      _ = try real.submit(pin: pin, repeated: true, into: &sink)
    }
    #expect(counter.count == sink.bytes.count)
    #expect(sink.text == "S PIN_REPEATED\nD 100%25%0A\nOK\n")
  }

  @Test func getpinEndsWithTheAgentsErrors() {
    for (reason, expected) in [
      (PinentryDismissal.cancelled, cancelled), (.closed, "S BUTTON_INFO close\n" + cancelled),
      (.timedOut, timeout), (.notConfirmed, cancelled),
    ] {
      let driver = driver(opening: "GETPIN")
      #expect(driver.dismiss(reason).isNone)
      #expect(driver.output() == expected, "\(reason)")
      #expect(driver.session.openRequest == nil)
    }
  }

  @Test func aConfirmationEndsWithOKOrTheAgentsErrors() {
    for (reason, expected) in [
      (PinentryDismissal.cancelled, cancelled), (.closed, "S BUTTON_INFO close\n" + cancelled),
      (.timedOut, timeout), (.notConfirmed, notConfirmed),
    ] {
      let driver = driver(opening: "CONFIRM", after: "SETNOTOK _No")
      driver.dismiss(reason)
      #expect(driver.output() == expected, "\(reason)")
    }
    let accepted = driver(opening: "CONFIRM")
    accepted.confirm()
    #expect(accepted.output() == "OK\n")
  }

  @Test func aMessageAnswersOKUnlessItTimedOut() {
    for command in ["MESSAGE", "CONFIRM --one-button"] {
      for (reason, expected) in [
        (PinentryDismissal.cancelled, "OK\n"), (.closed, "S BUTTON_INFO close\nOK\n"),
        (.timedOut, timeout), (.notConfirmed, "OK\n"),
      ] {
        let driver = driver(opening: command)
        driver.dismiss(reason)
        #expect(driver.output() == expected, "\(command) \(reason)")
      }
      let driver = driver(opening: command)
      driver.confirm()
      #expect(driver.output() == "OK\n")
    }
  }

  @Test func resultsWithoutAMatchingWindowAreIgnored() throws {
    let idle = PinentryDriver()
    #expect(try idle.submit("pw").isNone)
    #expect(idle.confirm().isNone)
    #expect(idle.dismiss(.cancelled).isNone)
    #expect(idle.output() == "")

    let asking = driver(opening: "GETPIN")
    #expect(asking.confirm().isNone)
    #expect(asking.output() == "" && asking.session.openRequest != nil)

    let confirming = driver(opening: "CONFIRM")
    #expect(try confirming.submit("pw").isNone)
    #expect(confirming.output() == "" && confirming.session.openRequest != nil)
  }

  @Test func oneSessionServesManyRequests() throws {
    let driver = PinentryDriver()
    for attempt in 1...5 {
      driver.prepare("SETERROR try \(attempt)")
      #expect(try #require(driver.send("GETPIN").request).error == "try \(attempt)")
      try driver.submit("pw\(attempt)")
      #expect(driver.output() == "D pw\(attempt)\nOK\n")
    }
  }
}
