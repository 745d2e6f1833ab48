import CGtk
import LoginFormModel
import XCTest

@testable import LoginFormGtk

final class ResultTests: GtkTestCase {
  func testDoneHandsTheTrimmedUsernameAndALockedPasswordToTheCaller() {
    MainActor.assumeIsolated {
      var results: [PromptResult] = []
      let window = makeWindow { results.append($0) }
      setText("  zoë.müller ", of: .username, in: window)
      setText(" s3cret pass ", of: .password, in: window)
      gtk_button_clicked(lf_button(window.doneButton))
      XCTAssertEqual(results.map(Outcome.init), [.form("zoë.müller", " s3cret pass ")])
      guard case .submitted(let form) = results.first else { return }
      XCTAssertTrue(form.password?.isLocked ?? false, "the password is in locked memory")
    }
  }

  func testCancelHandsBackNothing() {
    MainActor.assumeIsolated {
      var results: [PromptResult] = []
      let window = makeWindow { results.append($0) }
      setText("abcdef", of: .username, in: window)
      setText("abcdefg", of: .password, in: window)
      gtk_button_clicked(lf_button(window.frame.cancelButton!))
      XCTAssertEqual(results.map(Outcome.init), [.cancelled])
    }
  }

  func testClosingTheWindowEndsItOnceAsClosed() {
    MainActor.assumeIsolated {
      var results: [PromptResult] = []
      let window = makeWindow { results.append($0) }
      gtk_window_close(lf_window(window.window))
      pump()
      window.finish(.timedOut)
      XCTAssertEqual(results.map(Outcome.init), [.closed])
    }
  }

  func testTheEntriesAreWipedWhenThePromptEnds() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      let buffer = gtk_entry_get_buffer(lf_entry(window.entry(of: .password)))!
      g_object_ref(buffer)
      defer { g_object_unref(buffer) }
      setText("hunter22", of: .password, in: window)
      window.finish(.cancelled)
      XCTAssertEqual(gtk_entry_buffer_get_length(buffer), 0)
    }
  }

  func testWhileThePasswordIsTypedSomeMemoryIsLocked() {
    MainActor.assumeIsolated {
      let window = makeWindow()
      setText("hunter22", of: .password, in: window)
      // libgcr's pool is locked once it holds something, and released when
      // it is empty again. The sanitizers' runtimes turn mlock into a no-op.
      if !isUnderSanitizer { XCTAssertGreaterThan(lockedKilobytes(), 0) }
      window.finish(.cancelled)
    }
  }

  func testClosingTheWindowFreesEveryClosureBox() {
    MainActor.assumeIsolated {
      let before = SignalConnection.liveBoxes.load(ordering: .relaxed)
      weak var weakWindow: PromptWindow?
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

/// The process's locked memory (VmLck), in kB.
func lockedKilobytes() -> Int {
  var contents: UnsafeMutablePointer<gchar>?
  g_file_get_contents("/proc/self/status", &contents, nil, nil)
  let status = String(taking: contents)
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmLck:") } ?? ""
  return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    ?? 0
}

/// Whether AddressSanitizer's or ThreadSanitizer's runtime is in the process.
let isUnderSanitizer = ["__asan_init", "__tsan_init"].contains { (name: String) in
  dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
}
