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
    }
    var entries: [Int: Entry]

    func name(of processID: Int) -> String? { entries[processID]?.name }
    func parent(of processID: Int) -> Int? { entries[processID]?.parent }
    func commandLine(of processID: Int) -> [String]? { entries[processID]?.arguments }
    func realUserID(of processID: Int) -> Int? { entries[processID]?.user }
  }

  let table = Table(entries: [
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
  ])

  @Test func theProcessAndItsParentsCommandLine() {
    #expect(
      Requester.describe(processID: 1234, userID: 1000, processes: table)
        == "gpg (1234) ← git commit -S")
    #expect(
      Requester.describe(processID: 1200, userID: 1000, processes: table) == "git (1200) ← -bash")
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
