import Glibc

/// A directory of the test's own under /tmp, removed by `remove()`.
final class Scratch {
  let path: String

  init(mode: mode_t = 0o700) {
    var template = Array("/tmp/lf-keyring-test.XXXXXX".utf8CString)
    path = String(cString: mkdtemp(&template)!)
    chmod(path, mode)
  }

  /// Writes `text` to `name` inside; returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) -> String {
    let file = path + "/" + name
    let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var bytes = Array(text.utf8)
    _ = Glibc.write(descriptor, &bytes, bytes.count)
    close(descriptor)
    return file
  }

  /// The names inside `directory` (relative to this one).
  func listing(_ directory: String = "") -> [String] {
    guard let handle = opendir(path + "/" + directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  func remove() {
    _ = system("rm -rf '\(path)'")
  }
}
