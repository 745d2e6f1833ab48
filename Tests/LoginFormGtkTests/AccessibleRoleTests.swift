import CGtk
import LoginFormModel
import LoginFormPrompt
import XCTest

@testable import LoginFormGtk

/// What a screen reader is told of each kind of window: a form is a dialog,
/// a question an alert, a notice a notification (announced without the
/// focus), and each entry is described by the text that asks for it.
final class AccessibleRoleTests: GtkTestCase {
  func testAFormIsADialogWhoseEntriesAreDescribedByTheCallersText() throws {
    try MainActor.assumeIsolated {
      var description = FormDescription()
      description.text = "Sign in to the backup server."
      let window = makeWindow(description)
      XCTAssertEqual(role(of: window.window), ATK_ROLE_DIALOG)
      let text = try XCTUnwrap(window.layout.text)
      for field in [Field.username, .password] {
        XCTAssertEqual(
          targets(of: window.entry(of: field), ATK_RELATION_DESCRIBED_BY),
          [gtk_widget_get_accessible(text)], "\(field)")
      }
      XCTAssertEqual(
        Set(targets(of: text, ATK_RELATION_DESCRIPTION_FOR)),
        Set([Field.username, .password].map { gtk_widget_get_accessible(window.entry(of: $0)) }))
      window.finish(.cancelled)
    }
  }

  func testAQuestionIsAnAlertWhosePasteFieldIsDescribedByTheQuestion() throws {
    try MainActor.assumeIsolated {
      let window = question(yes: "C_onnect", no: "_Cancel", expected: "SHA256:abc") { _ in }
      XCTAssertEqual(role(of: window.window), ATK_ROLE_ALERT)
      let entry = try XCTUnwrap(window.expected?.entry)
      XCTAssertEqual(
        targets(of: entry, ATK_RELATION_DESCRIBED_BY),
        [gtk_widget_get_accessible(try XCTUnwrap(window.text))])
      window.finish(.cancelled)
    }
  }

  func testANoticeIsANotification() {
    MainActor.assumeIsolated {
      let notice = NoticeWindow(
        description: NoticeDescription(
          heading: "Touch your security key", text: "OpenSSH needs your touch.", close: "_Close",
          options: PromptOptions()))
      notice.present()
      XCTAssertEqual(role(of: notice.window), ATK_ROLE_NOTIFICATION)
      notice.finish(.cancelled)
    }
  }
}

/// The accessible role of `widget`.
@MainActor private func role(of widget: UnsafeMutablePointer<GtkWidget>) -> AtkRole {
  atk_object_get_role(gtk_widget_get_accessible(widget))
}

/// The targets of `widget`'s accessible relation of `type`.
@MainActor private func targets(
  of widget: UnsafeMutablePointer<GtkWidget>, _ type: AtkRelationType
) -> [UnsafeMutablePointer<AtkObject>] {
  let set = atk_object_ref_relation_set(gtk_widget_get_accessible(widget))!
  defer { g_object_unref(set) }
  guard let relation = atk_relation_set_get_relation_by_type(set, type),
    let array = atk_relation_get_target(relation)
  else { return [] }
  return (0..<Int(array.pointee.len)).map {
    UnsafeMutablePointer(OpaquePointer(array.pointee.pdata[$0]!))
  }
}
