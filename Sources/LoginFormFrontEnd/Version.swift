/// The program's version.
package enum Version {
  /// What `--version` prints and the package carries: the contents of the
  /// file VERSION, embedded at build time, so that it has one home.
  package static let current = embeddedVersion
}
