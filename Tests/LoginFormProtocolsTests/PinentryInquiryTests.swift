import LoginFormModel
import LoginFormTestSupport
import Testing

@testable import LoginFormProtocols

/// `INQUIRE QUALITY` and `INQUIRE GENPIN`: one at a time, answered by the
/// agent's `D` and `END` lines.
@Suite struct PinentryInquiryTests {
  private func opened(_ setup: String...) -> PinentryDriver {
    let driver = PinentryDriver()
    for line in setup { driver.prepare(line) }
    _ = driver.send("GETPIN")
    _ = driver.output()
    return driver
  }

  @Test func aQualityInquirySendsThePINAndReturnsTheScoreAtEnd() {
    let driver = opened("SETQUALITYBAR Quality:")
    #expect(driver.requestQuality(of: "a b+c%"))
    #expect(driver.output() == "INQUIRE QUALITY a+b%2Bc%25\n")
    #expect(driver.send("# comment").isNone)
    #expect(driver.send("").isNone)
    #expect(driver.send("D 42").isNone)
    #expect(driver.send("D 7").isNone)
    #expect(driver.send("END").quality == 42)
    #expect(driver.output() == "")
  }

  @Test func scoresAreClampedAndGarbageIsZero() {
    for (line, score) in [("D 250", 100), ("D -300", -100), ("D x", 0), ("D -17 extra", -17)] {
      let driver = opened("SETQUALITYBAR")
      driver.requestQuality(of: "pw")
      driver.send(line)
      #expect(driver.send("END").quality == score, "\(line)")
    }
  }

  @Test func canOrErrEndTheInquiryWithAZeroScore() {
    for end in ["CAN", "ERR 83886179 Operation cancelled", "END extra"] {
      let driver = opened("SETQUALITYBAR")
      driver.requestQuality(of: "pw")
      #expect(driver.send(end).quality == 0, "\(end)")
      #expect(driver.requestQuality(of: "pw2"))
    }
  }

  @Test func onlyOneInquiryIsOutAndTheLatestPINIsAskedForAfter() {
    let driver = opened("SETQUALITYBAR")
    #expect(driver.requestQuality(of: "p"))
    #expect(!driver.requestQuality(of: "pw"))
    #expect(!driver.requestQuality(of: "pw!"))
    #expect(driver.output() == "INQUIRE QUALITY p\n")
    #expect(driver.send("D 10").isNone)
    let rated = driver.send("END")
    #expect(rated.quality == 10)
    #expect(rated.wanted == .rating)
    #expect(driver.requestQuality(of: "pw!"))
    #expect(driver.output() == "INQUIRE QUALITY pw!\n")
  }

  @Test func clearingTheEntryDropsAWaitingRequest() {
    let driver = opened("SETQUALITYBAR")
    driver.requestQuality(of: "p")
    driver.requestQuality(of: "pw")
    #expect(!driver.requestQuality(of: ""))
    let rated = driver.send("END")
    #expect(rated.wanted == [])
    #expect(rated.quality == 0)
  }

  @Test func commandsInsideAnInquiryAreIgnoredAsPinentryDoes() {
    let driver = opened("SETQUALITYBAR")
    driver.requestQuality(of: "pw")
    _ = driver.output()
    #expect(driver.answer("NOP") == "")
    #expect(driver.send("D 5").isNone)
    #expect(driver.send("END").quality == 5)
    #expect(driver.session.openRequest != nil)
  }

  @Test func noQualityBarOrNoWindowMeansNoInquiry() {
    let plain = opened()
    #expect(!plain.requestQuality(of: "pw"))
    #expect(!plain.requestGeneratedPIN())
    let idle = PinentryDriver()
    #expect(!idle.requestQuality(of: "pw"))
    #expect(plain.output() == "" && idle.output() == "")
  }

  @Test func onlyTheFirst300BytesAreSentForRating() {
    let driver = opened("SETQUALITYBAR")
    driver.requestQuality(of: String(repeating: "x", count: 400))
    #expect(driver.output() == "INQUIRE QUALITY \(String(repeating: "x", count: 300))\n")
  }

  @Test func aGeneratedPassphraseIsDecodedStraightIntoTheCallersSink() {
    let driver = opened("SETGENPIN Suggest", "SETREPEAT Repeat:")
    #expect(driver.requestGeneratedPIN())
    #expect(driver.output() == "INQUIRE GENPIN\n")
    let (event, decoded) = driver.sendGenerated("D Cor%25rect+horse battery%0A")
    guard case .generatedPIN(.some) = event else {
      Issue.record("no passphrase")
      return
    }
    #expect(decoded == "Cor%rect+horse battery\n")
    #expect(driver.send("END").isNone)
    #expect(driver.output() == "")
  }

  @Test func noPassphraseInTheAnswerIsReported() {
    for end in ["END", "CAN"] {
      let driver = opened("SETGENPIN Suggest")
      driver.requestGeneratedPIN()
      guard case .generatedPIN(nil) = driver.send(end) else {
        Issue.record("\(end) did not report a missing passphrase")
        continue
      }
    }
  }

  @Test func aMalformedPassphraseCannotBeDecoded() {
    let driver = opened("SETGENPIN Suggest")
    driver.requestGeneratedPIN()
    var ignored = ArraySink()
    let decodedCount = withBytes("D ab%G1") { bytes -> Int?? in
      guard case .generatedPIN(let pin?) = driver.session.receive(line: bytes, into: &ignored)
      else { return .none }
      return pin.decodedCount
    }
    #expect(decodedCount == .some(nil))
  }

  @Test func generationWaitsForARatingInFlightAndRatingWaitsForGeneration() {
    let driver = opened("SETGENPIN Suggest", "SETQUALITYBAR")
    driver.requestQuality(of: "pw")
    #expect(!driver.requestGeneratedPIN())
    #expect(driver.output() == "INQUIRE QUALITY pw\n")
    driver.send("D 3")
    #expect(driver.send("END").quality == 3)
    #expect(driver.output() == "INQUIRE GENPIN\n")
    #expect(!driver.requestQuality(of: "pw2"))
    #expect(driver.sendGenerated("D generated").decoded == "generated")
    let ended = driver.send("END")
    #expect(ended.withoutWish.isNone)
    #expect(ended.wanted == .rating)
  }

  @Test func anAnswerArrivingAfterTheWindowClosedIsReadAndDropped() throws {
    let driver = opened("SETGENPIN Suggest", "SETQUALITYBAR")
    driver.requestGeneratedPIN()
    try driver.submit("typed")
    #expect(driver.output() == "INQUIRE GENPIN\nD typed\nOK\n")
    let (event, decoded) = driver.sendGenerated("D secret")
    #expect(event.isNone && decoded == nil)
    #expect(driver.send("END").isNone)
    #expect(driver.answer("BYE") == "OK closing connection\n")
  }
}
