import Glibc
import LoginFormFrontEnd
import Testing

/// Who asks, said from what /proc tells: only for the user's own processes.
@Suite struct RequesterTests {
  struct Table: Requester.Processes {
    struct Entry {
      var name: String
      var parent: Int
      var arguments: [String]
      var user: Int
      var executable: String? = nil
    }
    var entries: [Int: Entry]
    /// Links: each path, and the program it leads to.
    var links: [String: String] = [:]

    func name(of processID: Int) -> String? { entries[processID]?.name }
    func executable(of processID: Int) -> String? { entries[processID]?.executable }
    func isFile(_ path: String, sameAs program: String) -> Bool {
      path == program || links[path] == program
    }
    func parent(of processID: Int) -> Int? { entries[processID]?.parent }
    func commandLine(of processID: Int) -> [String]? { entries[processID]?.arguments }
    func realUserID(of processID: Int) -> Int? { entries[processID]?.user }
  }

  let table = Table(
    entries: [
      1234: .init(name: "gpg", parent: 1200, arguments: ["gpg", "--sign"], user: 1000),
      1200: .init(name: "git", parent: 900, arguments: ["git", "commit", "-S"], user: 1000),
      900: .init(name: "bash", parent: 1, arguments: ["-bash"], user: 1000),
      77: .init(name: "sshd", parent: 1, arguments: ["sshd: bob"], user: 1001),
      78: .init(name: "gpg", parent: 77, arguments: ["gpg"], user: 1000),
      80: .init(name: "evil\u{202E}gpj", parent: 81, arguments: ["a\nb", "c\u{1}d"], user: 1000),
      81: .init(
        name: "x", parent: 900, arguments: ["x\u{202E}y", String(repeating: "z", count: 90)],
        user: 1000),
      82: .init(name: "ssh-add", parent: 81, arguments: ["ssh-add"], user: 1000),
      90: .init(
        name: "ssh", parent: 1200, arguments: ["ssh"], user: 1000, executable: "/tmp/x/stealer"),
      91: .init(
        name: "gpg-preset-pass", parent: 1200, arguments: [], user: 1000,
        executable: "/usr/lib/gnupg/gpg-preset-passphrase"),
      92: .init(
        name: "sudo", parent: 1200, arguments: [], user: 1000,
        executable: "/home/bob/" + String(repeating: "d/", count: 40) + "sudo-lookalike"),
      93: .init(
        name: "gpg", parent: 94, arguments: [], user: 1000, executable: "/usr/bin/gpg"),
      94: .init(
        name: "sh", parent: 900,
        arguments: ["sh", "-c", String(repeating: " ", count: 70) + "make sign"], user: 1000),
      95: .init(
        name: "python3", parent: 1200, arguments: [], user: 1000,
        executable: "/usr/bin/python3.11"),
      96: .init(
        name: "../python3", parent: 1200, arguments: [], user: 1000,
        executable: "/usr/bin/python3.11"),
    ], links: ["/usr/bin/python3": "/usr/bin/python3.11"])

  @Test func theProcessAndItsParentsCommandLine() {
    #expect(
      Requester.describe(processID: 1234, userID: 1000, processes: table)
        == "gpg (1234) ← git commit -S")
    #expect(
      Requester.describe(processID: 1200, userID: 1000, processes: table) == "git (1200) ← bash",
      "a login shell's dash left out")
  }

  @Test func anotherUsersProcessIsNeverExpanded() {
    #expect(Requester.describe(processID: 77, userID: 1000, processes: table) == nil)
    #expect(Requester.describe(processID: 1234, userID: 1001, processes: table) == nil)
    #expect(
      Requester.describe(processID: 78, userID: 1000, processes: table) == "gpg (78)",
      "a parent of another user stays unnamed")
    #expect(Requester.describe(processID: 4242, userID: 1000, processes: table) == nil)
  }

  @Test func controlsAndReorderingCharactersBecomeSpacesAndLongLinesAreCut() throws {
    let text = try #require(Requester.describe(processID: 82, userID: 1000, processes: table))
    #expect(text.hasPrefix("ssh-add (82) ← x y zzz"))
    #expect(text.hasSuffix("z…"))
    #expect(text.count == "ssh-add (82) ← ".count + Requester.maximumCommandLength)
    let named = try #require(Requester.describe(processID: 80, userID: 1000, processes: table))
    #expect(!named.unicodeScalars.contains { $0.properties.generalCategory == .format })
    #expect(named == "evil gpj (80) ← x y " + String(repeating: "z", count: 55) + "…")
  }

  @Test func aNameThatIsNotItsProgramsIsShownAsTheProgramsPath() throws {
    #expect(
      Requester.describe(processID: 90, userID: 1000, processes: table)
        == "/tmp/x/stealer (90) ← git commit -S")
    #expect(
      Requester.describe(processID: 93, userID: 1000, processes: table)?.hasPrefix("gpg (93)")
        == true, "a name that is its program's")
    #expect(
      Requester.describe(processID: 91, userID: 1000, processes: table)
        == "gpg-preset-pass (91) ← git commit -S", "the kernel keeps 15 bytes of the name")
    let text = try #require(Requester.describe(processID: 92, userID: 1000, processes: table))
    let long = try #require(text.split(separator: " ← ").first)
    #expect(long.hasPrefix("…") && long.hasSuffix("d/sudo-lookalike (92)"), "\(long)")
    #expect(long.count == Requester.maximumCommandLength + " (92)".count)
  }

  @Test func aNameThatLinksToItsProgramBesideItIsItsOwn() {
    #expect(
      Requester.describe(processID: 95, userID: 1000, processes: table)
        == "python3 (95) ← git commit -S")
    #expect(
      Requester.describe(processID: 96, userID: 1000, processes: table)
        == "/usr/bin/python3.11 (96) ← git commit -S", "a name that leads elsewhere")
  }

  @Test func aRunOfSpacesCountsAsOneAndPushesNothingPastTheCut() {
    #expect(
      Requester.describe(processID: 93, userID: 1000, processes: table)
        == "gpg (93) ← sh -c make sign")
  }

  @Test func pinentrysOwnerOptionNamesAProcessOfThisHostAndUser() {
    let describe = { (owner: String) in
      Requester.describe(owner: owner, hostName: "laptop", userID: 1000, processes: table)
    }
    #expect(describe("1234/1000 laptop") == "gpg (1234) ← git commit -S")
    #expect(
      describe("1234 laptop") == "gpg (1234) ← git commit -S", "gpg-agent 2.2 may omit the uid")
    #expect(describe("1234/1000 server") == nil, "another host's process ids mean nothing here")
    #expect(describe("1234/0 laptop") == nil, "another user's request")
    #expect(describe("1234/1000") == nil)
    #expect(describe("x/1000 laptop") == nil)
    #expect(describe("") == nil)
  }
}
