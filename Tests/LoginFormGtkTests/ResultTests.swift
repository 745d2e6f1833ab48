import CGcr
import CGtk
import LoginFormModel
import LoginFormPrompt
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
      let isLocked = form.password?.withUTF8 {
        gcr_secure_memory_is_secure(UnsafeMutableRawPointer(mutating: $0.baseAddress)) != 0
      }
      XCTAssertEqual(isLocked, true, "the password is in locked memory")
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
      settle()
      window.finish(.timedOut)
      XCTAssertEqual(results.map(Outcome.init), [.closed])
    }
  }

  func testThePasswordsBytesAreWipedWhenThePromptEnds() throws {
    try MainActor.assumeIsolated {
      let window = makeWindow()
      let buffer = try XCTUnwrap(gtk_entry_get_buffer(lf_entry(window.entry(of: .password))))
      // Kept alive, so that its memory stays its own to look at.
      g_object_ref(buffer)
      defer { g_object_unref(buffer) }
      setText("hunter22", of: .password, in: window)
      let text = try XCTUnwrap(gtk_entry_buffer_get_text(buffer))
      let bytes = UnsafeRawBufferPointer(start: text, count: 9)
      XCTAssertEqual(Array(bytes), Array("hunter22\0".utf8))
      XCTAssertNotEqual(gcr_secure_memory_is_secure(UnsafeMutableRawPointer(mutating: text)), 0)
      window.finish(.cancelled)
      XCTAssertEqual(Array(bytes), Array(repeating: 0, count: 9))
    }
  }

  func testWhileThePasswordIsTypedSomeMemoryIsLocked() throws {
    // The sanitizers' runtimes turn mlock into a no-op: there is nothing to
    // see there (the plain run checks it).
    if isUnderSanitizer { throw XCTSkip("mlock is a no-op under the sanitizers") }
    MainActor.assumeIsolated {
      let window = makeWindow()
      setText("hunter22", of: .password, in: window)
      // libgcr's pool is locked once it holds something, and released when
      // it is empty again.
      XCTAssertGreaterThan(lockedKilobytes(), 0)
      window.finish(.cancelled)
    }
  }

  func testNothingGTKHoldsKeepsAClosedWindowAlive() {
    MainActor.assumeIsolated {
      weak var weakWindow: FormWindow?
      do {
        let window = makeWindow()
        weakWindow = window
        gtk_window_close(lf_window(window.window))
        settle()
      }
      // The closure boxes themselves are checked by LeakSanitizer (make
      // test-asan) and valgrind (make leakcheck).
      XCTAssertNil(weakWindow)
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
