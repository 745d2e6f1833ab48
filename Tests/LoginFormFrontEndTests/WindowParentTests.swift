import LoginFormFrontEnd
import LoginFormPrompt
import Testing

/// How a window to belong to is named: the portal's notation, pinentry's
/// window id, KDE's hint, and the environment that carries them to every
/// mode.
@Suite struct WindowParentTests {
  private func parent(_ notation: String) -> WindowParent.Window? {
    WindowParent(notation: notation, source: "--parent")?.window
  }

  @Test func thePortalsNotationNamesAnXWindowOrAWaylandHandle() {
    #expect(parent("x11:2a00007") == .x11(0x2a0_0007), "the portal writes the id in hex")
    #expect(parent("x11:0x2A00007") == .x11(0x2a0_0007))
    #expect(parent("wayland:abc-DEF_123") == .wayland("abc-DEF_123"))
    for refused in [
      "x11:", "x11:0", "x11:zz", "x11:100000000", "wayland:", "2a00007", "X11:2a", "mir:1", "",
    ] {
      #expect(parent(refused) == nil, "\(refused)")
    }
  }

  @Test func aHandleIsPercentDecodedAndMustBePrintable() {
    #expect(parent("wayland:%22%24%5C%60 x") == .wayland("\"$\\` x"), "mutter's handles hold these")
    #expect(parent("wayland:a%25b") == .wayland("a%b"))
    for refused in ["wayland:%", "wayland:%4", "wayland:%zz", "wayland:a%00b", "wayland:a%0Ab"] {
      #expect(parent(refused) == nil, "\(refused)")
    }
    #expect(parent("wayland:é") == nil, "handles are ASCII")
  }

  @Test func theNotationGivesBackWhatWasParsedAsOnePlainWord() {
    for notation in ["x11:0x2a00007", "wayland:%22%24%5C%60%20x%25", "wayland:a-b.c_d~e"] {
      #expect(WindowParent(notation: notation, source: "")?.notation == notation)
    }
  }

  @Test func pinentrysWindowIDIsDecimalOrHex() {
    #expect(WindowParent(windowID: "42", source: "parent-wid")?.window == .x11(42))
    #expect(WindowParent(windowID: "0x2A", source: "parent-wid")?.window == .x11(42))
    #expect(WindowParent(windowID: "2a", source: "parent-wid") == nil)
    #expect(WindowParent(windowID: "-1", source: "parent-wid") == nil)
  }

  @Test func kdesHintGivesItsFirstWordDecoded() {
    #expect(WindowParent(geometryHint: "ab%2Fcd")?.window == .wayland("ab/cd"))
    #expect(WindowParent(geometryHint: "ab%2Fcd 10 20 300 200")?.window == .wayland("ab/cd"))
    #expect(WindowParent(geometryHint: "  ") == nil)
    #expect(WindowParent(geometryHint: "%zz") == nil)
  }

  @Test func theEnvironmentNamesTheWindowForEveryModeAndSaysWhenItCannot() {
    let environment = LaunchEnvironment(parent: "x11:0x2a", geometryHint: "kde%24")
    #expect(
      environment.windowParents == [
        .init(window: .x11(42), source: "LOGIN_FORM_PARENT"),
        .init(window: .wayland("kde$"), source: "PINENTRY_GEOM_HINT"),
      ])
    #expect(environment.windowParentWarnings.isEmpty)
    let broken = LaunchEnvironment(parent: "0x2a", geometryHint: "%")
    #expect(broken.windowParents.isEmpty)
    #expect(
      broken.windowParentWarnings == [
        "LOGIN_FORM_PARENT: \"0x2a\" is neither x11:WINDOW nor wayland:HANDLE; the prompt is shown on its own",
        "PINENTRY_GEOM_HINT: \"%\" holds no window handle; the prompt is shown on its own",
      ])
    #expect(LaunchEnvironment(parent: "", geometryHint: "").windowParentWarnings.isEmpty)
    let options = DropIn.options(title: "t", environment: environment)
    #expect(options.window.parents == environment.windowParents)
  }

  @Test func theWaylandTokenComesBeforeTheX11StartupID() {
    #expect(LaunchEnvironment().activation == nil)
    #expect(LaunchEnvironment(activationToken: "", startupID: "").activation == nil)
    #expect(
      LaunchEnvironment(startupID: "id_TIME1").activation
        == ActivationToken(value: "id_TIME1", source: "DESKTOP_STARTUP_ID"))
    #expect(
      LaunchEnvironment(activationToken: "tok", startupID: "id").activation
        == ActivationToken(value: "tok", source: "XDG_ACTIVATION_TOKEN"))
    #expect(
      LaunchEnvironment(activationToken: "", startupID: "id").activation?.source
        == "DESKTOP_STARTUP_ID")
  }

  @Test func debuggingIsOnForAnyValueButZero() {
    #expect(!LaunchEnvironment().isDebugging)
    #expect(!LaunchEnvironment(debug: "").isDebugging)
    #expect(!LaunchEnvironment(debug: "0").isDebugging)
    #expect(LaunchEnvironment(debug: "1").isDebugging)
  }
}
