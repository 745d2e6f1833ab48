import CGtk
import LoginFormModel
import XCTest

@testable import LoginFormGtk

final class ResultTests: GtkTestCase {
  func testDoneHandsTheTrimmedCredentialsToTheCaller() {
    MainActor.assumeIsolated {
      var results: [PromptResult] = []
      let window = makeWindow { results.append($0) }
      gtk_entry_set_text(lf_entry(window.username.entry), "  zoë.müller ")
      gtk_entry_set_text(lf_entry(window.password.entry), " s3cret pass ")
      gtk_button_clicked(lf_button(window.doneButton))
      XCTAssertEqual(
        results, [.submitted(Credentials(username: "zoë.müller", password: " s3cret pass "))])
    }
  }

  func testCancelHandsBackNoCredentials() {
    MainActor.assumeIsolated {
      var results: [PromptResult] = []
      let window = makeWindow { results.append($0) }
      gtk_entry_set_text(lf_entry(window.username.entry), "abcdef")
      gtk_entry_set_text(lf_entry(window.password.entry), "abcdefg")
      gtk_button_clicked(lf_button(window.cancelButton))
      XCTAssertEqual(results, [.cancelled])
    }
  }

  func testClosingTheWindowCancelsOnce() {
    MainActor.assumeIsolated {
      var results: [PromptResult] = []
      let window = makeWindow { results.append($0) }
      gtk_window_close(lf_window(window.window))
      pump()
      window.finish(.timedOut)
      XCTAssertEqual(results, [.cancelled])
    }
  }

  func testTheEntriesAreWipedWhenThePromptEnds() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      let buffer = gtk_entry_get_buffer(lf_entry(window.password.entry))!
      g_object_ref(buffer)
      defer { g_object_unref(buffer) }
      gtk_entry_set_text(lf_entry(window.password.entry), "hunter22")
      window.finish(.cancelled)
      XCTAssertEqual(gtk_entry_buffer_get_length(buffer), 0)
    }
  }

  func testClosingTheWindowFreesEveryClosureBox() {
    MainActor.assumeIsolated {
      let before = SignalConnection.liveBoxes.load(ordering: .relaxed)
      weak var weakWindow: LoginWindow?
      do {
        let window = makeWindow()
        weakWindow = window
        XCTAssertGreaterThan(SignalConnection.liveBoxes.load(ordering: .relaxed), before + 5)
        gtk_window_close(lf_window(window.window))
        pump()
      }
      XCTAssertNil(weakWindow, "nothing GTK holds keeps the window object alive")
      XCTAssertEqual(SignalConnection.liveBoxes.load(ordering: .relaxed), before)
    }
  }
}
