import Glibc
import LoginFormFrontEnd
import Testing

/// The version has one home, the file VERSION; what announces a release
/// must agree with it.
@Suite struct VersionTests {
  /// The repository's root, from this file's place in it.
  private let root = #filePath.split(separator: "/").dropLast(3).map { "/" + $0 }.joined()

  private func contents(_ path: String) throws -> String {
    try #require(readFile(root + "/" + path), "\(path) is readable")
  }

  @Test func theProgramsVersionIsTheFiles() throws {
    #expect(try contents("VERSION") == Version.current + "\n")
  }

  @Test func itCouldBeADebianPackagesVersion() {
    let first = Version.current.unicodeScalars.first
    #expect(first.map { ("0"..."9").contains($0) } == true)
    #expect(
      Version.current.unicodeScalars.allSatisfy {
        $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
          || ".+~".unicodeScalars.contains($0)
      })
  }

  @Test func theNewestReleaseInTheMetainfoIsThisVersion() throws {
    let metainfo = try contents("resources/io.github.loginform.LoginForm.metainfo.xml")
    let newest = try #require(metainfo.firstRange(of: "<release version=\""))
    let version = metainfo[newest.upperBound...].prefix { $0 != "\"" }
    #expect(version == Version.current)
  }

  @Test func theManPageHeaderNamesThisVersion() throws {
    let header = try #require(
      try contents("resources/login-form.1").split(separator: "\n").first { $0.hasPrefix(".TH ") })
    #expect(header.contains("\"login-form \(Version.current)\""))
  }
}

/// The whole file at `path`, or nil.
private func readFile(_ path: String) -> String? {
  guard let file = fopen(path, "r") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let got = fread(&chunk, 1, chunk.count, file)
    if got == 0 { break }
    bytes += chunk[..<got]
  }
  return String(decoding: bytes, as: UTF8.self)
}
