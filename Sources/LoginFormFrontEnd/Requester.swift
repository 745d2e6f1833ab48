import LoginFormModel

/// Which program asks for the secret, in a few words for a line of its own:
/// the process and its parent's command line, "gpg (1234) ← git commit -S".
///
/// Only processes of the user's own (real) user id are described: another
/// user's process is theirs to keep private, and a window must never say
/// more about it than that it exists. Whatever a process put in its name or
/// command line is shown as text, without controls, and cut short.
package enum Requester {
  /// What the system tells about a process: /proc in the program
  /// (`ProcFileSystem`), a table in tests.
  package protocol Processes {
    /// The short name of `processID` (`/proc/PID/comm`).
    func name(of processID: Int) -> String?
    /// Its parent's id.
    func parent(of processID: Int) -> Int?
    /// Its arguments (`/proc/PID/cmdline`).
    func commandLine(of processID: Int) -> [String]?
    /// Its real user id.
    func realUserID(of processID: Int) -> Int?
  }

  /// The longest a command line is shown, in characters.
  package static let maximumCommandLength = 60

  /// Describes `processID` if it runs as `userID`: its name and id, and its
  /// parent's command line when the parent runs as `userID` too.
  package static func describe(
    processID: Int, userID: Int, processes: some Processes
  ) -> String? {
    guard processID > 0, processes.realUserID(of: processID) == userID,
      let name = processes.name(of: processID).map(printable), !name.isEmpty
    else { return nil }
    let process = "\(name) (\(processID))"
    guard let parent = processes.parent(of: processID), parent > 1,
      processes.realUserID(of: parent) == userID,
      let arguments = processes.commandLine(of: parent), !arguments.isEmpty
    else { return process }
    let command = printable(arguments.joined(separator: " "))
    guard !command.isEmpty else { return process }
    let shown =
      command.count > maximumCommandLength
      ? command.prefix(maximumCommandLength - 1) + "…" : Substring(command)
    return "\(process) ← \(shown)"
  }

  /// Describes the process pinentry's `OPTION owner=PID[/UID] HOST` names,
  /// when `HOST` is `hostName` (this machine) and the process runs as
  /// `userID`, as pinentry does; nil otherwise.
  package static func describe(
    owner: String, hostName: String, userID: Int, processes: some Processes
  ) -> String? {
    let words = owner.split(separator: " ", omittingEmptySubsequences: true)
    guard words.count == 2, words[1] == hostName else { return nil }
    let ids = words[0].split(separator: "/", omittingEmptySubsequences: false)
    guard (1...2).contains(ids.count), let processID = Int(ids[0]) else { return nil }
    if ids.count == 2 {
      guard let claimed = Int(ids[1]), claimed == userID else { return nil }
    }
    return describe(processID: processID, userID: userID, processes: processes)
  }

  /// `text` with controls (a command line may hold anything) turned into
  /// spaces, and without surrounding white space.
  private static func printable(_ text: String) -> String {
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: shown.append(" ")
      default: shown.append(scalar)
      }
    }
    return String(String(shown).trimmingWhitespace)
  }
}
