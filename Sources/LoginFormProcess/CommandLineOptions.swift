import LoginFormFrontEnd
import LoginFormGtk
import LoginFormPrompt
import LoginFormStreams

/// The process's command line, read with GLib's option parser.
package enum CommandLineOptions {
  /// Parses `arguments` (the process's own when nil, as raw bytes)
  /// against `declarations` with GLib (and GTK's own options), or ends the
  /// process with status 2.
  package static func parse(
    _ declarations: [OptionDeclaration], summary: String, description: String? = nil,
    arguments: [String]? = nil
  ) -> (ParsedOptions, displayName: String?) {
    let options = declarations.map { ($0.name, $0.placeholder, $0.summary) }
    let domain = Localization.domain
    let values: CommandLineParser.Values
    do {
      if let arguments {
        values = try CommandLineParser.parse(
          arguments: arguments, options: options, summary: summary, description: description,
          translationDomain: domain)
      } else {
        values = try CommandLineParser.parse(
          argv: CommandLine.unsafeArgv, options: options, summary: summary,
          description: description, translationDomain: domain)
      }
    } catch {
      Standard.fail(.options(.parse(error.message)))
    }
    let parsed = ParsedOptions(
      texts: values.texts, flags: values.flags, positional: values.positional)
    return (parsed, values.displayName)
  }
}
