import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

/// Input gpg-agent never sends: always a well-formed answer, in order, and
/// never a crash.
@Suite struct PinentryRobustnessTests {
  private let cancelled = "ERR 83886179 Operation cancelled <Pinentry>\n"
  private let tooLong = "ERR 536871175 Line passed to IPC too long <User defined source 1>\n"

  private func opened(_ command: String = "GETPIN") -> PinentryDriver {
    let driver = PinentryDriver()
    _ = driver.send(command)
    _ = driver.output()
    return driver
  }

  @Test func anOverlongLineGetsAnErrorAndTheNextLineWorks() {
    let driver = PinentryDriver()
    #expect(driver.overlongLine().isNone)
    #expect(driver.output() == tooLong)
    #expect(driver.answer("NOP") == "OK\n")
  }

  @Test func anOverlongLineThroughTheSplitterIsAnsweredOnceAndResynchronised() {
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1024)
    defer { storage.deallocate() }
    var splitter = AssuanLineSplitter(storage: storage)
    let driver = PinentryDriver()
    var answers = ArraySink()
    let input = Array(("SETDESC " + String(repeating: "x", count: 3000) + "\nNOP\n").utf8)
    var offset = 0
    while offset < input.count {
      let space = splitter.prepareForRead()
      let count = min(space.count, input.count - offset, 700)
      for index in 0..<count { space[index] = input[offset + index] }
      offset += count
      splitter.didRead(count)
      while let item = splitter.nextLine() {
        switch item {
        case .line(let line): _ = driver.session.receive(line: line, into: &answers)
        case .overlongLine: driver.overlongLine()
        }
      }
    }
    #expect(driver.output() == tooLong)
    #expect(answers.text == "OK\n")
  }

  @Test func byeDuringAWindowIsAnsweredAfterIt() throws {
    let driver = opened()
    #expect(!driver.send("BYE").isExit)
    #expect(driver.output() == "")
    #expect(try driver.submit("pw").isExit)
    #expect(driver.output() == "D pw\nOK\nOK closing connection\n")
    #expect(driver.session.hasEnded && driver.session.openRequest == nil)
    #expect(driver.send("NOP").isExit)
    #expect(driver.output() == "")

    let message = opened("MESSAGE")
    #expect(!message.send("bye").isExit)
    #expect(message.dismiss(.closed).isExit)
    #expect(message.output() == "S BUTTON_INFO close\nOK\nOK closing connection\n")
  }

  @Test func endOfInputDuringAWindowExitsWithoutWriting() throws {
    let driver = opened()
    #expect(driver.session.receiveEndOfInput(outputIsRead: false).isExit)
    #expect(try driver.submit("pw").isExit)
    #expect(driver.output() == "")
  }

  @Test func endOfInputWhileTheWindowIsReadIsAnsweredFirstThenExits() throws {
    let driver = opened()
    #expect(driver.session.receiveEndOfInput(outputIsRead: true).isNone)
    #expect(driver.session.isWindowOpen, "the window stays for its answer")
    #expect(try driver.submit("pw").isExit)
    #expect(driver.output() == "D pw\nOK\n")
    #expect(driver.session.hasEnded && !driver.session.isWindowOpen)
  }

  @Test func endOfInputAfterAPipedScriptAnswersEveryHeldLineThenExits() {
    let driver = opened()
    driver.send("SETDESC second")
    #expect(driver.send("GETPIN").isNone, "held behind the open window")
    #expect(driver.session.receiveEndOfInput(outputIsRead: true).isNone)
    let second = driver.dismiss(.cancelled)
    #expect(second.request?.description == "second", "the held GETPIN opens the next window")
    #expect(driver.dismiss(.timedOut).isExit, "the last window answered: the input is over")
    #expect(
      driver.output()
        == "ERR 83886179 Operation cancelled <Pinentry>\nOK\nERR 83886142 Timeout <Pinentry>\n")
  }

  @Test func endOfInputWithNobodyReadingOrNoWindowExitsAtOnce() {
    let reading = PinentryDriver()
    #expect(reading.session.receiveEndOfInput(outputIsRead: true).isExit, "no window")
    let gone = opened()
    #expect(gone.session.receiveEndOfInput(outputIsRead: false).isExit, "no reader")
    #expect(!gone.session.isWindowOpen)
  }

  @Test func endOfInputMidLineIsAnExitWithTheFragmentWiped() {
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1001)
    defer { storage.deallocate() }
    var splitter = AssuanLineSplitter(storage: storage)
    let space = splitter.prepareForRead()
    for (index, byte) in "GETP".utf8.enumerated() { space[index] = byte }
    splitter.didRead(4)
    #expect(splitter.nextLine() == nil)
    let droppedFragment = splitter.finish()
    #expect(droppedFragment)
    #expect(storage.allSatisfy { $0 == 0 })
    var session = PinentrySession(host: .test)
    #expect(session.receiveEndOfInput(outputIsRead: false).isExit)
  }

  @Test func commandsDuringAWindowAreAnsweredAfterItInOrder() throws {
    let driver = opened()
    for line in ["NOP", "# comment", "SETDESC next", "D junk", "GETINFO pid", "END"] {
      #expect(driver.send(line).isNone)
    }
    driver.overlongLine()
    #expect(driver.output() == "")
    #expect(try driver.submit("pw").isNone)
    #expect(
      driver.output()
        == "D pw\nOK\nOK\nOK\nERR 536870981 Not implemented <User defined source 1>\n"
        + "D 4242\nOK\nOK\n" + tooLong)
  }

  @Test func aGetpinSentEarlyOpensTheNextWindowAfterTheFirst() throws {
    let driver = opened()
    driver.send("SETERROR Bad Passphrase (try 2 of 3)")
    driver.send("GETPIN")
    let next = try #require(try driver.submit("wrong").request)
    #expect(next.error == "Bad Passphrase (try 2 of 3)")
    #expect(driver.output() == "D wrong\nOK\nOK\n")
    #expect(try driver.submit("right").isNone)
    #expect(driver.output() == "D right\nOK\n")
  }

  @Test func tooManyHeldCommandsAreAnsweredWithAnErrorInTheirTurn() {
    let driver = opened()
    for _ in 0..<(PinentrySession.pendingLimit + 3) { driver.send("NOP") }
    driver.dismiss(.cancelled)
    let nested = "ERR 536871176 Nested IPC commands <User defined source 1>\n"
    let expected =
      cancelled + String(repeating: "OK\n", count: PinentrySession.pendingLimit)
      + String(repeating: nested, count: 3)
    #expect(driver.output() == expected)
  }

  @Test func randomInputAlwaysGetsWellFormedAnswers() throws {
    var random = SeededGenerator(seed: 0x5EED)
    let words = [
      "GETPIN", "CONFIRM", "MESSAGE", "BYE", "NOP", "END", "CAN", "ERR 1", "D 5", "D %4", "RESET",
      "SETDESC a%0Ab", "SETDESC %G1", "SETQUALITYBAR", "SETGENPIN G", "SETREPEAT R", "OPTION grab",
      "OPTION =", "OPTION x", "HELP", "GETINFO pid", "getinfo nope", " lead", "#", "", "FOO",
      "SETTIMEOUT 9", "D", "INQUIRE X", "S X", "OK",
    ]
    for round in 0..<200 {
      let driver = PinentryDriver()
      var transcript = ""
      for _ in 0..<40 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
          let bytes = (0..<Int.random(in: 0..<12, using: &random)).map { _ in
            UInt8.random(in: 0...255, using: &random)
          }
          driver.send(bytes: bytes.filter { $0 != 0x0A })
        case 1: _ = try? driver.submit("p w%\r", repeated: Bool.random(using: &random))
        case 2:
          driver.dismiss(
            [.cancelled, .closed, .timedOut, .notConfirmed].randomElement(using: &random)!)
        case 3: driver.confirm()
        case 4: driver.requestQuality(of: "pw")
        case 5: driver.requestGeneratedPIN()
        case 6: driver.overlongLine()
        default: driver.send(words.randomElement(using: &random)!)
        }
        transcript += driver.output()
      }
      for line in transcript.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        let wellFormed = ["OK", "ERR ", "D ", "S ", "# ", "INQUIRE "].contains {
          line.hasPrefix($0)
        }
        #expect(wellFormed, "round \(round): \(line)")
      }
      #expect(transcript.isEmpty || transcript.hasSuffix("\n"))
    }
  }
}
