/// What a pinentry reports about itself (`GETINFO`) and the defaults it
/// starts with; the glue fills it in from the process.
package struct PinentryHost: Sendable {
  /// `getpid()`, for the greeting and `GETINFO pid`.
  package var processID: Int
  /// `geteuid()` and `getegid()`, for `GETINFO ttyinfo`.
  package var userID: Int
  /// See `userID`.
  package var groupID: Int
  /// `GETINFO flavor`: pinentry answers its program name without
  /// `pinentry-` (`gtk-2`, `gnome3`), optionally `:` and a flag.
  package var flavor: String
  /// `GETINFO version`.
  package var version: String
  /// The timeout of a request when no `SETTIMEOUT` came (`--timeout`);
  /// nil for none, as when the option is not given.
  package var defaultTimeoutSeconds: Int?
  /// For `GETINFO ttyinfo`: `mode/uid/gid` of the tty at the given path, in
  /// octal/decimal/decimal as pinentry prints it, or `?` if it cannot be
  /// read. Not called when no tty name was set.
  package var deviceStatus: @Sendable (String) -> String

  /// Describes the running program.
  package init(
    processID: Int, userID: Int, groupID: Int, flavor: String, version: String,
    defaultTimeoutSeconds: Int? = nil,
    deviceStatus: @escaping @Sendable (String) -> String = { _ in "?" }
  ) {
    self.processID = processID
    self.userID = userID
    self.groupID = groupID
    self.flavor = flavor
    self.version = version
    self.defaultTimeoutSeconds = defaultTimeoutSeconds
    self.deviceStatus = deviceStatus
  }
}
