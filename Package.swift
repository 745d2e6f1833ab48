// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "login-form",
  products: [
    .executable(name: "login-form", targets: ["login-form"]),
    .library(name: "LoginFormModel", targets: ["LoginFormModel"]),
  ],
  targets: [
    // Pure Swift: the standard library only, so it builds and tests without a display.
    .target(name: "LoginFormModel"),
    .testTarget(name: "LoginFormModelTests", dependencies: ["LoginFormModel", "SeededRandom"]),
    // Pure Swift too: askpass, git credential and pinentry (Assuan) protocols.
    .target(name: "LoginFormProtocols", dependencies: ["LoginFormModel"]),
    .testTarget(
      name: "LoginFormProtocolsTests", dependencies: ["LoginFormProtocols", "SeededRandom"]),
    // A replayable random generator, shared by the test suites.
    .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
    // The only way in to C.
    .systemLibrary(
      name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev", "libgcr-3-dev"])]),
    .target(name: "LoginFormGtk", dependencies: ["CGtk", "LoginFormModel"]),
    .testTarget(name: "LoginFormGtkTests", dependencies: ["LoginFormGtk", "LoginFormModel"]),
    .executableTarget(
      name: "login-form", dependencies: ["LoginFormGtk", "LoginFormModel", "LoginFormProtocols"]),
    .executableTarget(
      name: "latency-bench", dependencies: ["CGtk", "LoginFormGtk", "LoginFormModel"],
      path: "bench/latency-bench"),
    .executableTarget(
      name: "model-bench", dependencies: ["LoginFormModel"], path: "bench/model-bench"),
  ],
  swiftLanguageModes: [.v6]
)
