// swift-tools-version: 6.0
import PackageDescription

// Our own C is held to the same bar as the Swift: every warning is an error.
// (SwiftPM refuses unsafe flags only in dependencies, not in a root package.)
let ourC: [CSetting] = [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]

let package = Package(
  name: "login-form",
  products: [
    .executable(name: "login-form", targets: ["login-form"]),
    .executable(name: "pinentry-login-form", targets: ["pinentry-login-form"]),
    .library(name: "LoginFormModel", targets: ["LoginFormModel"]),
  ],
  targets: [
    // Pure Swift, the standard library only: the form, its rules, its encoders.
    .target(name: "LoginFormModel"),
    // Pure Swift too: askpass, git credential and pinentry (Assuan) protocols.
    .target(name: "LoginFormProtocols", dependencies: ["LoginFormModel"]),
    // What any front end asks for and gets back (no window assumed), and the
    // words every presenter shows: the only C it touches is gettext.
    .systemLibrary(name: "CGettext"),
    .target(name: "LoginFormPrompt", dependencies: ["LoginFormModel", "CGettext"]),
    // The front-end core: how each way of calling the program becomes a prompt,
    // and each prompt's end becomes output and an exit status. No GTK.
    .target(
      name: "LoginFormFrontEnd",
      dependencies: ["LoginFormModel", "LoginFormProtocols", "LoginFormPrompt"],
      plugins: ["EmbedVersion"]),
    // The version's one home is the file VERSION; this puts it into Swift.
    .plugin(name: "EmbedVersion", capability: .buildTool()),
    // GTK 3 and GDK.
    .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
    // GLib alone, for the main loop and the terminal, which build without
    // GTK's headers.
    .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
    // GIO's directory monitors, for the systemd password agent.
    .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
    // gcr's locked memory, without GTK.
    .systemLibrary(name: "CGcr", pkgConfig: "gcr-base-3", providers: [.apt(["libgcr-3-dev"])]),
    // Our own C: the hardened secret entry and its locked buffer, GObject
    // subclasses.
    .target(name: "CSecretEntry", dependencies: ["CGtk", "CGcr"], cSettings: ourC),
    // Locked, wiped memory from gcr's pool.
    .target(name: "LoginFormLockedMemory", dependencies: ["CGcr", "LoginFormModel"]),
    // libsecret, the Secret Service's client library, and the GIO under it.
    .systemLibrary(
      name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
    // The password manager through libsecret, and the notes one process
    // leaves another under $XDG_RUNTIME_DIR: what the front-end core's
    // keyring decisions act on.
    .target(
      name: "LoginFormKeyring",
      dependencies: [
        "CSecret", "LoginFormModel", "LoginFormProtocols", "LoginFormFrontEnd",
        "LoginFormLockedMemory",
      ]),
    // GLib's main loop as the presenters use it (GLib only, no GTK call).
    .target(
      name: "LoginFormMainLoop",
      dependencies: ["CGLib", "LoginFormLockedMemory", "LoginFormModel", "LoginFormPrompt"]),
    // The windows, which present the prompt contract.
    .target(
      name: "LoginFormGtk",
      dependencies: [
        "CGtk", "CSecretEntry", "CWayland", "LoginFormModel", "LoginFormPrompt",
        "LoginFormLockedMemory", "LoginFormMainLoop",
      ]),
    // Our own C for Wayland: whether the compositor knows a parent window's
    // handle, which GTK 3 does not say.
    .target(
      name: "CWayland", cSettings: ourC, linkerSettings: [.linkedLibrary("wayland-client")]),
    // Our own C for the terminal: its settings, restored from signal handlers.
    .target(name: "CTerminal", cSettings: ourC),
    // libpolkit-agent-1, and our own C over it: the polkit agent's listener
    // subclass and PAM conversation, as plain C for the process.
    .systemLibrary(
      name: "CPolkit", pkgConfig: "polkit-agent-1", providers: [.apt(["libpolkit-agent-1-dev"])]),
    .target(name: "CPolkitAgent", dependencies: ["CPolkit"], cSettings: ourC),
    // Our own C for the process: hardening, the standard descriptors, and
    // the hand-off from the quick pinentry to login-form.
    .target(name: "CProcess", cSettings: ourC),
    // The pinentry's conversation with gpg-agent, its channel in locked
    // memory and what it asks of a shown form: what both executables that
    // speak Assuan run (GLib, no GTK).
    .target(
      name: "LoginFormPinentry",
      dependencies: [
        "CGLib", "LoginFormFrontEnd", "LoginFormLockedMemory", "LoginFormMainLoop",
        "LoginFormModel", "LoginFormPrompt", "LoginFormProtocols",
      ]),
    // The terminal, which presents the same contract without a display.
    .target(
      name: "LoginFormTerminal",
      dependencies: [
        "CGLib", "CTerminal", "LoginFormModel", "LoginFormPrompt", "LoginFormLockedMemory",
        "LoginFormMainLoop",
      ]),
    // The process's standard streams and exit, and what arrives on standard
    // input and from the quick program: what both executables need, without
    // GTK.
    .target(
      name: "LoginFormStreams",
      dependencies: [
        "CGLib", "CProcess", "LoginFormFrontEnd", "LoginFormLockedMemory", "LoginFormModel",
        "LoginFormPrompt", "LoginFormProtocols",
      ]),
    // The process's side of every mode, for the executable to dispatch to:
    // where a prompt is shown (the first presenter a plan names that can be
    // had, the display opened once), the command line, and the pinentry
    // server.
    .target(
      name: "LoginFormProcess",
      dependencies: [
        "CGio", "CGtk", "CPolkitAgent", "CProcess", "LoginFormFrontEnd", "LoginFormGtk",
        "LoginFormKeyring", "LoginFormLockedMemory", "LoginFormMainLoop", "LoginFormModel",
        "LoginFormPinentry", "LoginFormPrompt", "LoginFormProtocols", "LoginFormStreams",
        "LoginFormTerminal",
      ]),
    .executableTarget(
      name: "login-form",
      dependencies: [
        "CGtk", "CProcess", "LoginFormModel", "LoginFormProtocols", "LoginFormPrompt",
        "LoginFormFrontEnd", "LoginFormLockedMemory", "LoginFormMainLoop", "LoginFormGtk",
        "LoginFormTerminal", "LoginFormKeyring", "LoginFormPinentry", "LoginFormProcess",
        "LoginFormStreams",
      ]),
    // The quick program, gpg-agent's pinentry and git's credential helper by
    // name: answers from the password manager without GTK, and becomes
    // login-form (carrying what it was told so far) when something has to
    // be shown.
    .executableTarget(
      name: "pinentry-login-form",
      dependencies: [
        "CProcess", "LoginFormModel", "LoginFormProtocols", "LoginFormPrompt",
        "LoginFormFrontEnd", "LoginFormLockedMemory", "LoginFormKeyring", "LoginFormPinentry",
        "LoginFormStreams",
      ]),

    // What several test suites and the fuzzer share.
    .target(
      name: "LoginFormTestSupport", dependencies: ["LoginFormModel", "LoginFormPrompt"],
      path: "Tests/Support"),
    .testTarget(
      name: "LoginFormModelTests", dependencies: ["LoginFormModel", "LoginFormTestSupport"]),
    .testTarget(
      name: "LoginFormProtocolsTests",
      dependencies: ["LoginFormProtocols", "LoginFormModel", "LoginFormTestSupport"]),
    .testTarget(
      name: "LoginFormFrontEndTests",
      dependencies: [
        "LoginFormFrontEnd", "LoginFormPrompt", "LoginFormProtocols", "LoginFormModel",
        "LoginFormTestSupport",
      ]),
    .testTarget(
      name: "LoginFormKeyringTests", dependencies: ["LoginFormKeyring", "LoginFormFrontEnd"]),
    // The locked memory and the agent channel, tested directly, as gcr
    // tests its secure allocator.
    .testTarget(
      name: "LoginFormLockedMemoryTests",
      dependencies: ["LoginFormLockedMemory", "LoginFormTestSupport"]),
    .testTarget(
      name: "LoginFormPinentryTests",
      dependencies: [
        "LoginFormPinentry", "LoginFormProtocols", "LoginFormTestSupport", "LoginFormFrontEnd",
        "LoginFormLockedMemory", "LoginFormMainLoop", "LoginFormModel", "LoginFormPrompt",
      ]),
    .testTarget(
      name: "LoginFormGtkTests",
      dependencies: [
        "LoginFormGtk", "LoginFormPrompt", "LoginFormModel", "LoginFormLockedMemory", "CGtk",
        "CGcr", "CSecretEntry", "LoginFormMainLoop", "LoginFormTestSupport",
        // The windows gpg-agent's requests become, end to end in process.
        "LoginFormFrontEnd", "LoginFormProtocols",
      ]),
    // A pseudo-terminal for the terminal's tests.
    .target(name: "PseudoTerminal", path: "Tests/PseudoTerminal", cSettings: ourC),
    .testTarget(
      name: "LoginFormTerminalTests",
      dependencies: [
        "LoginFormTerminal", "LoginFormPrompt", "LoginFormModel", "LoginFormLockedMemory",
        "LoginFormMainLoop", "CGLib", "PseudoTerminal", "LoginFormTestSupport",
      ]),

    // libFuzzer over the model (make fuzz): built with --sanitize=fuzzer.
    .executableTarget(
      name: "fuzz-model", dependencies: ["LoginFormModel", "LoginFormTestSupport"],
      path: "Tests/Fuzz", exclude: ["seeds"]),

    .executableTarget(
      name: "latency-bench",
      dependencies: ["CGtk", "LoginFormGtk", "LoginFormPrompt", "LoginFormModel"],
      path: "bench/latency-bench"),
    .executableTarget(
      name: "model-bench", dependencies: ["LoginFormModel"], path: "bench/model-bench"),
  ],
  swiftLanguageModes: [.v6]
)
