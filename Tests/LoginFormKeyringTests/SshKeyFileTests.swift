import Glibc
import LoginFormKeyring
import Testing

/// A key file as ssh names it, as gnome-keyring names it.
@Suite struct SshKeyFileTests {
  @Test func aRelativeNameIsMadeAbsoluteAndTheCommentRead() throws {
    let directory = Scratch()
    defer { directory.remove() }
    directory.write("id_ed25519", "private")
    directory.write("id_ed25519.pub", "ssh-ed25519 AAAAC3Nza alice@laptop work key\nsecond line\n")
    let file = try #require(SshKeyFile(named: "./sub/../id_ed25519", in: directory.path))
    #expect(file.path == directory.path + "/id_ed25519")
    #expect(file.comment == "alice@laptop work key")
    #expect(SshKeyFile(named: directory.path + "/id_ed25519")?.path == file.path)
  }

  @Test func withoutACommentOrAPublicKeyThereIsNone() throws {
    let directory = Scratch()
    defer { directory.remove() }
    directory.write("bare", "private")
    directory.write("plain", "private")
    directory.write("plain.pub", "ssh-ed25519 AAAAC3Nza\n")
    #expect(try #require(SshKeyFile(named: "bare", in: directory.path)).comment == nil)
    #expect(try #require(SshKeyFile(named: "plain", in: directory.path)).comment == nil)
  }

  @Test func onlyARegularFileIsAKey() {
    let directory = Scratch()
    defer { directory.remove() }
    mkdir(directory.path + "/folder", 0o700)
    #expect(SshKeyFile(named: "folder", in: directory.path) == nil)
    #expect(SshKeyFile(named: "missing", in: directory.path) == nil)
    #expect(SshKeyFile(named: "PKCS#11", in: directory.path) == nil)
  }
}

/// Who called: the parent's id and start time.
@Suite struct CallerProcessTests {
  @Test func theParentIsNamedByItsIdAndStartTime() throws {
    let identity = CallerProcess.parentIdentity
    let parts = identity.split(separator: ":")
    #expect(parts.count == 2)
    #expect(parts.first.map(String.init) == String(getppid()))
    #expect(parts.last?.allSatisfy(\.isNumber) == true)
    #expect(CallerProcess.parentIdentity == identity)
  }
}
