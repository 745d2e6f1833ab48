import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

final class QuestionWindowTests: GtkTestCase {
  func testEnterAnswersYesAndEscapeCancels() {
    MainActor.assumeIsolated {
      var results: [Outcome] = []
      let first = question { results.append(Outcome($0)) }
      press(GDK_KEY_Return, in: first)
      let second = question { results.append(Outcome($0)) }
      press(GDK_KEY_Escape, in: second)
      XCTAssertEqual(results, [.answered(true), .cancelled])
    }
  }

  func testEachButtonGivesItsAnswer() {
    MainActor.assumeIsolated {
      var results: [Outcome] = []
      let no = question { results.append(Outcome($0)) }
      gtk_button_clicked(lf_button(no.frame.cancelButton!))
      let other = question(other: "_Later") { results.append(Outcome($0)) }
      XCTAssertEqual(
        labelText(other.text), "Allow use of key id_ed25519?\nKey fingerprint SHA256:abc")
      let buttons = gtk_container_get_children(lf_container(other.frame.header))
      defer { g_list_free(buttons) }
      var node = buttons
      while let current = node {
        if let data = current.pointee.data,
          String(borrowing: gtk_button_get_label(lf_button(data))) == "_Later"
        {
          gtk_button_clicked(lf_button(data))
        }
        node = current.pointee.next
      }
      XCTAssertEqual(results, [.answered(false), .other])
    }
  }
}

@MainActor private func question(
  other: String? = nil, onFinish: @escaping @MainActor (PromptResult) -> Void
) -> QuestionWindow {
  var description = QuestionDescription(
    text: "Allow use of key id_ed25519?\nKey fingerprint SHA256:abc", yes: "_Yes", no: "_No")
  description.otherLabel = other
  let window = QuestionWindow(description: description, onFinish: onFinish)
  window.present()
  pump(milliseconds: 150)
  return window
}
