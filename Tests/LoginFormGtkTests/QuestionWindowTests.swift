import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

final class QuestionWindowTests: GtkTestCase {
  func testANoticesOneButtonIsTheDefaultAndEscapeCancels() {
    MainActor.assumeIsolated {
      var results: [Outcome] = []
      let first = question(no: nil) { results.append(Outcome($0)) }
      XCTAssertTrue(hasStyleClass("suggested-action", first.frame.okButton))
      press(GDK_KEY_Return, in: first)
      let second = question(no: nil) { results.append(Outcome($0)) }
      press(GDK_KEY_Escape, in: second)
      XCTAssertEqual(results, [.answered(true), .cancelled])
    }
  }

  func testAStrayEnterNeverSaysYesToAQuestionThatGrants() {
    MainActor.assumeIsolated {
      var results: [Outcome] = []
      let window = question { results.append(Outcome($0)) }
      XCTAssertEqual(gtk_window_get_focus(lf_window(window.window)), window.frame.cancelButton)
      XCTAssertEqual(gtk_widget_has_default(window.frame.okButton), 0, "no default button")
      XCTAssertFalse(hasStyleClass("suggested-action", window.frame.okButton))
      XCTAssertTrue(isSensitive(window.frame.okButton), "a click or the mnemonic still works")
      press(GDK_KEY_Return, in: window)
      XCTAssertEqual(results, [.answered(false)])
    }
  }

  func testTheFocusRingShowsOnTheSafeButtonBeforeAnyKey() {
    MainActor.assumeIsolated {
      let window = question(yes: "_Allow", no: "_Deny") { _ in }
      XCTAssertEqual(gtk_window_get_focus(lf_window(window.window)), window.frame.cancelButton)
      XCTAssertNotEqual(gtk_window_get_focus_visible(lf_window(window.window)), 0)
      window.finish(.cancelled)
    }
  }

  func testEachButtonGivesItsAnswer() {
    MainActor.assumeIsolated {
      var results: [Outcome] = []
      let no = question { results.append(Outcome($0)) }
      gtk_button_clicked(lf_button(no.frame.cancelButton!))
      let other = question(other: "_Later") { results.append(Outcome($0)) }
      XCTAssertEqual(labelText(other.text!), "Key fingerprint SHA256:abc")
      XCTAssertEqual(labelText(other.heading!), "Allow use of key id_ed25519?")
      gtk_button_clicked(lf_button(other.otherButton!))
      let yes = question { results.append(Outcome($0)) }
      gtk_button_clicked(lf_button(yes.frame.okButton))
      XCTAssertEqual(results, [.answered(false), .other, .answered(true)])
    }
  }

  func testTheButtonsSitInARowOfTheirOwnAsInAGnomeAlert() {
    MainActor.assumeIsolated {
      let window = question(
        yes: "Take this one anyway", no: "Enter new passphrase", other: "_Later"
      ) { _ in }
      XCTAssertEqual(
        buttons(in: window.frame.header), [], "no buttons squeeze the title or the countdown")
      let buttons = [window.frame.cancelButton!, window.otherButton!, window.frame.okButton]
      let boxes = buttons.map(allocation)
      let content = allocation(of: window.frame.content)
      // The window's visible frame: as wide as its header bar (Xvfb has no
      // compositor, so the border around it is the same on every side).
      let header = allocation(of: window.frame.header)
      let outer = allocation(of: window.window)
      let border = header.x - outer.x
      let frame = GtkAllocation(
        x: header.x, y: header.y, width: header.width, height: outer.height - 2 * border)
      XCTAssertEqual(Set(boxes.map(\.width)).count, 1, "homogeneous: \(boxes)")
      for (left, right) in zip(boxes, boxes.dropFirst()) {
        XCTAssertEqual(right.x - (left.x + left.width), 12, "12 px apart")
        XCTAssertEqual(left.y, right.y)
      }
      XCTAssertEqual(boxes.last!.x + boxes.last!.width, content.x + content.width, "end-aligned")
      XCTAssertEqual(content.x - frame.x, 18, "18 px margin")
      XCTAssertEqual(
        frame.y + frame.height - (boxes[0].y + boxes[0].height), 18, "18 px under the buttons")
      XCTAssertGreaterThan(boxes[0].y, allocation(of: window.text!).y + 12, "under the text")
      window.finish(.cancelled)
    }
  }

  func testTheCountdownIsReadWholeWhateverTheButtonsSay() throws {
    try MainActor.assumeIsolated {
      var description = QuestionDescription(
        text: "Warning: You have entered an insecure passphrase.", yes: "Take this one anyway",
        no: "Enter new passphrase")
      description.options.timeoutSeconds = 20
      description.options.title = "GnuPG"
      let window = QuestionWindow(description: description)
      window.present()
      waitUntilShown(window.window)
      let countdown = try XCTUnwrap(
        labels(in: window.frame.header).first { labelText($0).hasPrefix("Cancels in") })
      XCTAssertEqual(labelText(countdown), "Cancels in 20 s")
      XCTAssertEqual(
        pango_layout_is_ellipsized(gtk_label_get_layout(lf_label(countdown))), 0,
        "not cut to “Cancels…”")
      window.finish(.cancelled)
    }
  }

  func testThePastedValueDecidesWhatConnectDoes() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = question(expected: "SHA256:abcdef") { result = $0 }
      let row = window.expected!
      let ok = window.frame.okButton
      XCTAssertEqual(labelText(window.detail!), "ED25519 SHA256:abcdef")
      XCTAssertEqual(
        gtk_label_get_mnemonic_widget(lf_label(row.label)), row.entry, "its label names it")
      // Pasting happens in the entry, which has the focus then; a focused
      // button would be the default itself.
      gtk_widget_grab_focus(row.entry)
      XCTAssertEqual(gtk_widget_has_default(ok), 0)
      gtk_entry_set_text(lf_entry(row.entry), "abc")
      XCTAssertFalse(isSensitive(ok), "part of it: not yet")
      XCTAssertEqual(labelText(row.messageLabel), "")
      gtk_entry_set_text(lf_entry(row.entry), "abcdeX")
      XCTAssertFalse(isSensitive(ok), "a wrong one stands")
      XCTAssertEqual(labelText(row.messageLabel), "Does not match the fingerprint the server sent")
      XCTAssertTrue(hasStyleClass("field-error", row.entry))
      gtk_entry_set_text(lf_entry(row.entry), " abcdef\n")
      XCTAssertTrue(isSensitive(ok))
      XCTAssertNotEqual(gtk_widget_has_default(ok), 0, "a match makes it the default")
      XCTAssertTrue(hasStyleClass("suggested-action", ok))
      XCTAssertEqual(labelText(row.messageLabel), "Matches the fingerprint the server sent")
      gtk_entry_set_text(lf_entry(row.entry), "")
      XCTAssertTrue(isSensitive(ok), "an empty entry leaves the question as asked")
      XCTAssertEqual(gtk_widget_has_default(ok), 0, "but without a default again")
      // Enter in the entry: its "activate", which presses the default.
      // A button pressed by a key reports "clicked" after 250 ms.
      gtk_widget_activate(row.entry)
      // Past those 250 ms, to show that no click comes.
      pump(milliseconds: 400)
      XCTAssertNil(result, "Enter in an empty entry presses nothing")
      gtk_entry_set_text(lf_entry(row.entry), "SHA256:abcdef")
      XCTAssertNotEqual(gtk_widget_has_default(ok), 0)
      XCTAssertEqual(gtk_window_get_focus(lf_window(window.window)), row.entry)
      gtk_widget_activate(row.entry)
      waitUntil("Connect to be pressed") { result != nil }
      XCTAssertEqual(result.map(Outcome.init), .verified)
    }
  }

  func testConnectWithoutAPastedValueIsAPlainYes() {
    MainActor.assumeIsolated {
      var result: PromptResult?
      let window = question(expected: "SHA256:abcdef") { result = $0 }
      gtk_button_clicked(lf_button(window.frame.okButton))
      XCTAssertEqual(result.map(Outcome.init), .answered(true))
    }
  }
}

/// A shown question with an "Allow use of key" heading, and with `expected`
/// the paste field that compares a fingerprint to it.
@MainActor func question(
  yes: String = "_Yes", no: String? = "_No", other: String? = nil, expected: String? = nil,
  onFinish: @escaping @MainActor (PromptResult) -> Void
) -> QuestionWindow {
  var description = QuestionDescription(
    text: "Key fingerprint SHA256:abc", yes: yes, no: no)
  description.heading = "Allow use of key id_ed25519?"
  description.otherLabel = other
  if let expected {
    description.detail = "ED25519 " + expected
    description.expectedAnswer = ExpectedAnswer(
      label: "Or _paste the fingerprint you expect",
      matchText: "Matches the fingerprint the server sent",
      mismatchText: "Does not match the fingerprint the server sent"
    ) { typed in
      let text = typed.trimmingWhitespace
      let wanted = expected.dropFirst("SHA256:".count)
      let given = text.hasPrefix("SHA256:") ? text.dropFirst(7) : text[...]
      if text.isEmpty { return .empty }
      if given == wanted { return .matches }
      return wanted.hasPrefix(given) ? .partial : .differs
    }
  }
  let window = QuestionWindow(description: description, onFinish: onFinish)
  window.present()
  waitUntilShown(window.window)
  return window
}

/// Where GTK put `widget`, in its window's coordinates.
@MainActor func allocation(of widget: UnsafeMutablePointer<GtkWidget>) -> GtkAllocation {
  var box = GtkAllocation()
  gtk_widget_get_allocation(widget, &box)
  var x: Int32 = 0
  var y: Int32 = 0
  let toplevel = gtk_widget_get_toplevel(widget)!
  gtk_widget_translate_coordinates(widget, toplevel, 0, 0, &x, &y)
  return GtkAllocation(x: x, y: y, width: box.width, height: box.height)
}

/// Every button inside `widget`.
@MainActor private func buttons(in widget: UnsafeMutablePointer<GtkWidget>)
  -> [UnsafeMutablePointer<GtkWidget>]
{
  widgets(of: gtk_button_get_type(), in: widget)
}

/// Every label inside `widget`, depth first, internal children (a header
/// bar's title and subtitle) included.
@MainActor func labels(in widget: UnsafeMutablePointer<GtkWidget>)
  -> [UnsafeMutablePointer<GtkWidget>]
{
  widgets(of: gtk_label_get_type(), in: widget)
}

/// Every widget of `type` inside `widget`, depth first, internal children
/// included.
@MainActor private func widgets(of type: GType, in widget: UnsafeMutablePointer<GtkWidget>)
  -> [UnsafeMutablePointer<GtkWidget>]
{
  final class Found { var widgets: [UnsafeMutablePointer<GtkWidget>] = [] }
  func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget)), type)
      != 0
  }
  if isA(widget, type) { return [widget] }
  guard isA(widget, gtk_container_get_type()) else { return [] }
  let found = Found()
  let box = Unmanaged.passRetained(found)
  defer { box.release() }
  gtk_container_forall(
    lf_container(widget),
    { child, data in
      guard let child, let data else { return }
      Unmanaged<Found>.fromOpaque(data).takeUnretainedValue().widgets.append(child)
    }, box.toOpaque())
  return found.widgets.flatMap { widgets(of: type, in: $0) }
}
