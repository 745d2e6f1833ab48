import CGtk
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// A caller's fingerprints, key IDs and paths are read whole: wrapped text
/// breaks only between tokens, the window widening (up to a limit) for one
/// that does not fit, and fingerprints are in monospace.
final class WholeTokensTests: GtkTestCase {
  func testAFingerprintInGpgAgentsQuestionStaysOnOneLineInMonospace() throws {
    try MainActor.assumeIsolated {
      let window = question(
        "An ssh process requested the use of key\n  \(fingerprint) (ED25519)\n"
          + "  /home/alice/.ssh/id_ed25519\nDo you want to allow this?")
      let label = try XCTUnwrap(window.text)
      XCTAssertEqual(lines(of: fingerprint, in: label).count, 1, "one line")
      XCTAssertEqual(
        lines(of: "  \(fingerprint)", in: label), lines(of: fingerprint, in: label),
        "its indentation with it, not on a line of its own")
      // "I" and "W" are as wide as each other only in a fixed-width font.
      XCTAssertEqual(
        width(of: "I", in: fingerprint, in: label), width(of: "W", in: fingerprint, in: label))
      XCTAssertNotEqual(
        width(of: "l", in: "allow this", in: label), width(of: "w", in: "allow this", in: label))
      window.finish(.cancelled)
    }
  }

  func testAnIndentedFingerprintOnALineTooWideToKeepTakesItsIndentationAlong() throws {
    try MainActor.assumeIsolated {
      // Wider than the widest window: the line wraps, between its tokens.
      let line = "  \(fingerprint) (ED25519) used by alice for the deploy keys on the build server"
      let window = question("An ssh process requested the use of key\n\(line)\nAllow it?")
      let label = try XCTUnwrap(window.text)
      XCTAssertGreaterThan(lines(of: line, in: label).count, 1, "the line wraps")
      XCTAssertEqual(
        lines(of: "  \(fingerprint)", in: label), lines(of: fingerprint, in: label),
        "its indentation with it, not on a line of its own")
      window.finish(.cancelled)
    }
  }

  func testAFingerprintAfterWordsMovesToTheNextLineWhole() throws {
    try MainActor.assumeIsolated {
      let window = question("Allow the use of the key \(fingerprint) from the laptop?")
      let label = try XCTUnwrap(window.text)
      XCTAssertEqual(lines(of: fingerprint, in: label).count, 1, "one line")
      XCTAssertEqual(lines(of: "Allow", in: label), [0])
      XCTAssertEqual(lines(of: fingerprint, in: label), [1], "the next line")
      window.finish(.cancelled)
    }
  }

  func testAPathWiderThanTheWindowWidensItAndStaysWhole() throws {
    try MainActor.assumeIsolated {
      let path = "/home/alice/Documents/projects/infrastructure/deploy-keys/production_ed25519"
      let window = question("Unlock \(path) to sign")
      let label = try XCTUnwrap(window.text)
      XCTAssertEqual(lines(of: path, in: label).count, 1, "one line")
      XCTAssertGreaterThan(
        gtk_widget_get_allocated_width(label), window.frame.contentWidth, "the window widened")
      window.finish(.cancelled)
    }
  }

  func testTheAgentsOwnLineBreaksAreKeptInsteadOfWrappedAgain() throws {
    try MainActor.assumeIsolated {
      // gpg-agent's description, with its own breaks at about 70 characters.
      let written = [
        "Please enter the passphrase to unlock the OpenPGP secret key:",
        "\"Alice Example (work laptop) <alice.example@mail.example.org>\"",
        "255-bit EDDSA key, ID 0x1234ABCD5678EF90, created 2024-01-01.",
      ]
      let window = question(written.joined(separator: "\n"))
      let label = try XCTUnwrap(window.text)
      for line in written {
        XCTAssertEqual(lines(of: line, in: label).count, 1, line)
      }
      XCTAssertGreaterThan(
        gtk_widget_get_allocated_width(label), window.frame.contentWidth, "the window widened")
      window.finish(.cancelled)
    }
  }

  func testAWidthTheCallerChoseHolds() throws {
    try MainActor.assumeIsolated {
      let path = "/home/alice/Documents/projects/infrastructure/deploy-keys/production_ed25519"
      let window = question("Unlock \(path) to sign", width: 300)
      let label = try XCTUnwrap(window.text)
      XCTAssertLessThanOrEqual(gtk_widget_get_allocated_width(label), 300 - 36)
      XCTAssertGreaterThan(lines(of: path, in: label).count, 1, "wrapped in the width chosen")
      window.finish(.cancelled)
    }
  }

  func testATokenWiderThanTheWidestWindowStillWraps() throws {
    try MainActor.assumeIsolated {
      let token = String(repeating: "W", count: 75)
      let window = question("Sign in as \(token) now")
      let label = try XCTUnwrap(window.text)
      XCTAssertGreaterThan(lines(of: token, in: label).count, 1, "wrapped where it must")
      XCTAssertLessThanOrEqual(gtk_widget_get_allocated_width(label), WholeTokens.widestContent)
      window.finish(.cancelled)
    }
  }

  func testTokensAreRunsWithoutSpacesAndFingerprintsWhole() {
    MainActor.assumeIsolated {
      let grouped = "8F3A 21C4 D5E6 F708 1122  3344 5566 7788 99AA BBCC"
      let text = "Key 0x8F3A21C4 (\(grouped)) and \(fingerprint)."
      let fingerprints = WholeTokens.tokens(of: text).filter(\.isFingerprint).map { token in
        String(decoding: Array(text.utf8)[token.start..<token.end], as: UTF8.self)
      }
      XCTAssertEqual(fingerprints, ["0x8F3A21C4", grouped, fingerprint])
      let words = WholeTokens.tokens(of: "one  two\n  three four").filter { !$0.isFingerprint }
      XCTAssertEqual(
        words.map(\.start), [0, 5, 9, 17], "an indented line's first takes its indentation")
      XCTAssertEqual(words.map(\.end), [3, 8, 16, 21])
    }
  }
}

private let fingerprint = "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU"

/// A question showing `text` as a client's text, `width` wide if given.
@MainActor private func question(_ text: String, width: Int? = nil) -> QuestionWindow {
  var description = QuestionDescription(
    text: ClientText.displayable(text), yes: "_Allow", no: "_Deny")
  description.options.window.width = width
  let window = QuestionWindow(description: description)
  window.present()
  waitUntilShown(window.window)
  return window
}

/// The numbers of the lines `part` of `label`'s text is laid out on.
@MainActor private func lines(of part: String, in label: UnsafeMutablePointer<GtkWidget>) -> Set<
  Int32
> {
  let layout = gtk_label_get_layout(lf_label(label))
  let text = labelText(label)
  guard let range = text.range(of: part) else { return [] }
  let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
  return Set(
    (start..<start + part.utf8.count).map { index in
      var line: Int32 = 0
      pango_layout_index_to_line_x(layout, Int32(index), false.gboolean, &line, nil)
      return line
    })
}

/// How wide the first `character` within `part` of `label`'s text shows.
@MainActor private func width(
  of character: Character, in part: String, in label: UnsafeMutablePointer<GtkWidget>
) -> Int32 {
  let text = labelText(label)
  guard let range = text.range(of: part), let found = text[range].firstIndex(of: character) else {
    return -1
  }
  var box = PangoRectangle()
  pango_layout_index_to_pos(
    gtk_label_get_layout(lf_label(label)),
    Int32(text.utf8.distance(from: text.startIndex, to: found)),
    &box)
  return box.width
}
