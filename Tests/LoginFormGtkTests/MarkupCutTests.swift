import CGtk
import XCTest

@testable import LoginFormGtk

/// Where long markup is cut, so that each part is markup of its own.
final class MarkupCutTests: XCTestCase {
  func testMarkupIsCutAtTheFirstTextBetweenElementsFromTheCountOn() {
    let markup = "<b>one</b> &amp; <i>two <u>three</u></i> four é"
    let bytes = Array(markup.utf8)
    for count in 1...bytes.count {
      // The naive rule: the first byte from `count` on that starts a
      // character of the text itself, where both halves parse.
      let expected = (count..<bytes.count).first { position in
        bytes[position] != UInt8(ascii: "<") && bytes[position] != UInt8(ascii: "&")
          && bytes[position] & 0xC0 != 0x80 && parses(bytes[..<position])
          && parses(bytes[position...])
      }
      let cut = MarkupCut.index(in: markup, after: count)
      XCTAssertEqual(
        cut.map { markup.utf8.distance(from: markup.startIndex, to: $0) }, expected,
        "from \(count)")
    }
  }

  func testMarkupInsideOneElementThroughoutIsNotCut() {
    let markup = "<b>" + String(repeating: "word ", count: 100) + "</b>"
    XCTAssertNil(MarkupCut.index(in: markup, after: 10))
  }

  func testMarkupShorterThanTheCountIsNotCut() {
    XCTAssertNil(MarkupCut.index(in: "<b>short</b> text", after: 100))
  }

  func testALineBreakIsNeverCutInTwo() throws {
    let markup = "abc\r\ndef"
    let cut = try XCTUnwrap(MarkupCut.index(in: markup, after: 4))
    XCTAssertEqual(String(markup[..<cut]), "abc\r\n")
  }
}

private func parses(_ bytes: ArraySlice<UInt8>) -> Bool {
  bytes.withUnsafeBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) {
      pango_parse_markup($0.baseAddress, Int32($0.count), 0, nil, nil, nil, nil) != 0
    }
  }
}
