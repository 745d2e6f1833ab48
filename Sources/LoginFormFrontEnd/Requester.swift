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
    /// The short name of `processID` (`/proc/PID/comm`), which the process
    /// sets as it likes.
    func name(of processID: Int) -> String?
    /// The path of the program it runs (`/proc/PID/exe`), which it cannot
    /// set; nil when it cannot be read.
    func executable(of processID: Int) -> String?
    /// Whether `path` names the file `program` is (a link to it, say).
    func isFile(_ path: String, sameAs program: String) -> Bool
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
      let name = shownName(of: processID, processes: processes), !name.isEmpty
    else { return nil }
    let process = "\(name) (\(processID))"
    guard let parent = processes.parent(of: processID), parent > 1,
      processes.realUserID(of: parent) == userID,
      let arguments = processes.commandLine(of: parent), !arguments.isEmpty
    else { return process }
    // A login shell is started as "-bash": the dash says so to the shell,
    // and only puzzles a reader.
    let program = arguments[0].hasPrefix("-") ? String(arguments[0].dropFirst()) : arguments[0]
    let command = printable(([program] + arguments.dropFirst()).joined(separator: " "))
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

  /// The process's name, unless its program's file is named otherwise:
  /// one `prctl` sets the name to anything ("ssh", "sudo"), so then the
  /// program's path is shown instead, its end kept if it is cut. A name
  /// that is a link to the program beside it (python3, sh, vi) is its own.
  private static func shownName(of processID: Int, processes: some Processes) -> String? {
    guard let name = processes.name(of: processID) else { return nil }
    guard let path = processes.executable(of: processID),
      let slash = path.lastIndex(of: "/")
    else { return printable(name) }
    // The kernel keeps the first 15 bytes of the name it was started by.
    let file = path[path.index(after: slash)...]
    let isLink = !name.contains("/") && processes.isFile(path[...slash] + name, sameAs: path)
    if isLink || Array(file.utf8.prefix(15)) == Array(name.utf8) { return printable(name) }
    let shown = printable(path)
    return shown.count > maximumCommandLength
      ? "…" + shown.suffix(maximumCommandLength - 1) : shown
  }

  /// `text` with controls (a command line may hold anything) turned into
  /// spaces, each run of white space as one space (a run would push the
  /// rest past the cut), and without surrounding white space.
  private static func printable(_ text: String) -> String {
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let isSpace =
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator: true
        default: false
        }
      if !isSpace {
        shown.append(scalar)
      } else if shown.last != " " {
        shown.append(" ")
      }
    }
    return String(String(shown).trimmingWhitespace)
  }
}
