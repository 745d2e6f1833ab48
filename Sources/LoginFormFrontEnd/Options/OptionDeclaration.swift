/// One option a mode takes, as `--help` lists it. The core declares them;
/// GLib's option parser reads the command line against them.
package struct OptionDeclaration: Sendable {
  /// The long name, without `--`.
  package let name: String
  /// What `--help` shows for the value (`SECONDS`); nil for a flag, which
  /// takes none.
  package let placeholder: String?
  /// The line `--help` shows.
  package let summary: String

  /// An option that takes a value.
  package static func text(_ name: String, _ summary: String, placeholder: String) -> Self {
    OptionDeclaration(name: name, placeholder: placeholder, summary: summary)
  }

  /// An option without a value.
  package static func flag(_ name: String, _ summary: String) -> Self {
    OptionDeclaration(name: name, placeholder: nil, summary: summary)
  }
}
