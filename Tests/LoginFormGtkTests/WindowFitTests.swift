import CGtk
import LoginFormFrontEnd
import LoginFormMainLoop
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import XCTest

@testable import LoginFormGtk

/// Every shipped language fits: the ordinary form, an askpass passphrase, the
/// host-key question, a GnuPG GETPIN with a quality bar and an error, and
/// polkit's request with its choice of user, details and a retry's error,
/// each with no text cut short ("…"), nothing outside the window, and the
/// window on the screen. The window grows or wraps instead.
final class WindowFitTests: GtkTestCase {
  /// Runs the check below once per language of resources/po/LINGUAS, each in
  /// a test process of its own (gettext reads the language once).
  func testEveryWindowFitsInEveryShippedLanguage() throws {
    let root = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
      .joined(separator: "/")
    var contents: UnsafeMutablePointer<gchar>?
    guard g_file_get_contents(root + "/resources/po/LINGUAS", &contents, nil, nil) != 0,
      let contents
    else { return XCTFail("cannot read resources/po/LINGUAS") }
    let languages = String(cString: contents).split { $0 == " " || $0 == "\n" }
      .filter { !$0.hasPrefix("#") }.map(String.init)
    g_free(contents)
    XCTAssertFalse(languages.isEmpty)
    for language in languages {
      let (status, output) = runThisBinary(
        test: "LoginFormGtkTests.WindowFitTests/testEveryWindowFitsInTheLanguageOfTheEnvironment",
        environment: [
          "LANGUAGE=\(language)", "LC_ALL=C.UTF-8", "LOGIN_FORM_FIT_LANGUAGE=\(language)",
        ])
      XCTAssertEqual(status, 0, "\(language):\n\(output)")
      XCTAssertTrue(
        output.contains("Executed 1 test"), "\(language): the check did not run:\n\(output)")
    }
  }

  /// The check itself, in the language of the environment (English in the
  /// ordinary run; one language each when the test above starts it).
  func testEveryWindowFitsInTheLanguageOfTheEnvironment() throws {
    try MainActor.assumeIsolated {
      if let language = g_getenv("LOGIN_FORM_FIT_LANGUAGE").map({ String(cString: $0) }) {
        XCTAssertNotEqual(
          localized("_Cancel"), "_Cancel", "\(language): the catalogue was not found (make share)")
      }
      for (name, prompt) in try Self.windows() {
        let shown = WindowPresenter().window(for: prompt) { _ in }
        shown.surface.present()
        if let conversation = shown.surface as? FormWindow,
          let expander = conversation.layout.detailsExpander
        {
          // polkit's window at its fullest: details unfolded, a wrong
          // password's error on the field, PAM's line under it.
          gtk_expander_set_expanded(lf_expander(expander), true.gboolean)
          conversation.ask(
            label: PolkitAgentPlan.fieldLabel(
              forPAMPrompt: "Password: ", user: PolkitUser(id: 1000, name: "alice"),
              passwordPrompts: []),
            echo: .masked, error: PolkitAgentPlan.retryMessage(afterPAMErrors: []))
          conversation.say(localized("Checking…"))
        }
        let window = topWindow(of: shown.surface)
        waitUntilShown(window, focused: false)
        for problem in Self.problems(in: window) { XCTFail("\(name): \(problem)") }
        shown.surface.finish(.cancelled)
        settle()
      }
    }
  }

  /// The windows, as their front ends describe them.
  @MainActor private static func windows() throws -> [(String, Prompt)] {
    let ordinary = Prompt.form(FormDescription())
    // A prefilled username that is too short says so at once, in the
    // longest of its messages.
    var tooShort = FormDescription()
    tooShort.username = "al"
    let askpass = AskpassFrontEnd.prompt(
      for: AskpassRequest(
        prompt: "Enter passphrase for /home/alice/.ssh/id_ed25519: ", promptMode: nil),
      environment: LaunchEnvironment())
    let hostKey = AskpassFrontEnd.prompt(
      for: AskpassRequest(
        prompt:
          "The authenticity of host 'git.example.org (192.0.2.7)' can't be established.\n"
          + "ED25519 key fingerprint is SHA256:as1hOhGSuy+jV3llIs4aPSjd8v8KooqBMhoFunqefiA.\n"
          + "This key is not known by any other names.\n"
          + "Are you sure you want to continue connecting (yes/no/[fingerprint])? ",
        promptMode: nil),
      environment: LaunchEnvironment())
    let launch = try XCTUnwrap(PinentryCommandLine.quickLaunch(arguments: []))
    var session = PinentryFrontEnd.session(
      processID: 7, userID: 1000, groupID: 1000, launch: launch)
    var sink = ArraySink()
    var request: PinentryRequest?
    for line in [
      "SETDESC Please enter the passphrase to unlock the OpenPGP secret key",
      "SETPROMPT Passphrase:", "SETQUALITYBAR Quality:", "SETERROR Bad Passphrase (try 2 of 3)",
      "GETPIN",
    ] {
      if case .show(let shown) = withBytes(line, { session.receive(line: $0, into: &sink) }) {
        request = shown
      }
    }
    let getpin = PinentryPrompt.prompt(
      for: try XCTUnwrap(request), environment: LaunchEnvironment())
    let alice = PolkitUser(id: 1000, name: "alice")
    let polkit = PolkitAgentPlan.form(
      for: PolkitRequest(
        actionID: "org.freedesktop.udisks2.encrypted-unlock-system",
        message: "Authentication is required to unlock an encrypted device",
        users: [alice, PolkitUser(id: 0, name: "root")]),
      user: alice, requester: "nautilus (4242) ← gnome-session-binary",
      environment: LaunchEnvironment())
    return [
      ("the ordinary form", ordinary), ("a username too short", .form(tooShort)),
      ("askpass", askpass), ("the host key", hostKey), ("GETPIN", getpin),
      ("polkit's request", .form(polkit)),
    ]
  }

  /// What does not fit in `window`: cut text, widgets outside it, or a
  /// window larger than the monitor.
  @MainActor private static func problems(in window: UnsafeMutablePointer<GtkWidget>)
    -> [String]
  {
    var problems: [String] = []
    let width = gtk_widget_get_allocated_width(window)
    let height = gtk_widget_get_allocated_height(window)
    var monitor = GdkRectangle()
    if let display = gdk_display_get_default(), let own = gtk_widget_get_window(window),
      let found = gdk_display_get_monitor_at_window(display, own)
    {
      gdk_monitor_get_workarea(found, &monitor)
      if width > monitor.width || height > monitor.height {
        problems.append("the window, \(width)×\(height), is larger than the screen")
      }
    }
    var widgets: [UnsafeMutablePointer<GtkWidget>] = []
    collect(window, into: &widgets)
    if let titlebar = gtk_window_get_titlebar(lf_window(window)) {
      collect(titlebar, into: &widgets)
    }
    for widget in widgets where gtk_widget_is_visible(widget) != 0 {
      let name = String(cString: gtk_widget_get_name(widget))
      let isLabel = isA(widget, gtk_label_get_type())
      let text = isLabel ? String(cString: gtk_label_get_text(lf_label(widget))) : ""
      if isLabel, !text.isEmpty,
        pango_layout_is_ellipsized(gtk_label_get_layout(lf_label(widget))) != 0
      {
        problems.append("“\(text)” is cut short")
      }
      var x: Int32 = 0
      var y: Int32 = 0
      guard gtk_widget_translate_coordinates(widget, window, 0, 0, &x, &y) != 0 else { continue }
      let w = gtk_widget_get_allocated_width(widget)
      let h = gtk_widget_get_allocated_height(widget)
      if w > 1, h > 1, x < 0 || y < 0 || x + w > width || y + h > height {
        problems.append("\(name) “\(text)” at \(x),\(y) \(w)×\(h) is outside the window")
      }
    }
    return problems
  }

  /// `widget` and everything under it, GTK's own parts included.
  @MainActor private static func collect(
    _ widget: UnsafeMutablePointer<GtkWidget>, into widgets: inout [UnsafeMutablePointer<GtkWidget>]
  ) {
    widgets.append(widget)
    guard isA(widget, gtk_container_get_type()) else { return }
    var children: [UnsafeMutablePointer<GtkWidget>] = []
    withUnsafeMutablePointer(to: &children) { list in
      gtk_container_forall(
        lf_container(widget),
        { child, data in
          guard let child, let data else { return }
          data.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child)
        }, list)
    }
    for child in children { collect(child, into: &widgets) }
  }
}

/// Whether `widget` is an instance of `type` (GTK_IS_LABEL and the like are
/// macros).
@MainActor private func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
  widget.withMemoryRebound(to: GTypeInstance.self, capacity: 1) {
    g_type_check_instance_is_a($0, type) != 0
  }
}

/// Runs `test` in a new process of this test binary with `environment`
/// added; its status and what it printed.
private func runThisBinary(test: String, environment: [String]) -> (Int32, String) {
  var argv: [UnsafeMutablePointer<gchar>?] = [
    g_strdup(CommandLine.arguments[0]), g_strdup(test), nil,
  ]
  var envp: [UnsafeMutablePointer<gchar>?] = []
  var inherited = g_get_environ()
  for entry in environment {
    let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
    inherited = g_environ_setenv(inherited, parts[0], parts[1], true.gboolean)
  }
  var index = 0
  while let entry = inherited?[index] {
    envp.append(g_strdup(entry))
    index += 1
  }
  envp.append(nil)
  g_strfreev(inherited)
  defer {
    for argument in argv { g_free(argument) }
    for entry in envp { g_free(entry) }
  }
  var output: UnsafeMutablePointer<gchar>?
  var status: Int32 = 0
  var error: UnsafeMutablePointer<GError>?
  let flags = GSpawnFlags(rawValue: G_SPAWN_STDERR_TO_DEV_NULL.rawValue)
  guard g_spawn_sync(nil, &argv, &envp, flags, nil, nil, &output, nil, &status, &error) != 0 else {
    defer { g_clear_error(&error) }
    return (-1, error.map { String(cString: $0.pointee.message) } ?? "spawn failed")
  }
  defer { g_free(output) }
  return (
    g_spawn_check_wait_status(status, nil) != 0 ? 0 : 1, output.map { String(cString: $0) } ?? ""
  )
}
