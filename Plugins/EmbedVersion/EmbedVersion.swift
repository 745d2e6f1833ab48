// Writes the file VERSION into the target as a Swift constant, so that the
// version has one home that the Makefile, the Debian package and the program
// all read. (A build-time tool: Foundation here does not reach the binary.)
import Foundation
import PackagePlugin

@main struct EmbedVersion: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let input = context.package.directoryURL.appending(path: "VERSION")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedVersion.swift")
    let script =
      #"printf '/// The contents of VERSION.\npackage let embeddedVersion = "%s"\n' "$(cat "$1")" >"$2""#
    return [
      .buildCommand(
        displayName: "Embedding VERSION",
        executable: URL(filePath: "/bin/sh"),
        arguments: ["-c", script, "sh", input.path(), output.path()],
        inputFiles: [input], outputFiles: [output])
    ]
  }
}
