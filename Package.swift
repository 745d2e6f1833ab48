// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "login-form",
  products: [
    .library(name: "LoginFormModel", targets: ["LoginFormModel"])
  ],
  targets: [
    // Pure Swift: the standard library only, so it builds and tests without a display.
    .target(name: "LoginFormModel"),
    .testTarget(name: "LoginFormModelTests", dependencies: ["LoginFormModel"]),
    .executableTarget(
      name: "model-bench", dependencies: ["LoginFormModel"], path: "bench/model-bench"),
  ],
  swiftLanguageModes: [.v6]
)
