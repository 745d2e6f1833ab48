import CSecret
import Glibc
import LoginFormFrontEnd

/// Notes between processes of this user in `$XDG_RUNTIME_DIR/login-form`:
/// one file per note (mode 600, named by a SHA-256 of the note's name, so
/// no host or user name shows in a listing), read once and removed, ignored
/// once older than `maximumAge`. Used only when the runtime directory is
/// this user's alone; no secret is ever written.
package final class RuntimeNotes: ProcessNotes {
  /// How long a note lives: git runs `store` seconds after `get`, unless
  /// the server is slow.
  package static let maximumAge: Int = 300
  private let directory: String?

  /// The notes of this user's runtime directory (`XDG_RUNTIME_DIR`), if
  /// it is private.
  package init(runtimeDirectory: String?) {
    directory = runtimeDirectory.flatMap(Self.prepare)
  }

  package var isAvailable: Bool { directory != nil }

  /// `runtime/login-form`, made if needed, when both are directories of
  /// this user that nobody else may enter or write.
  private static func prepare(_ runtime: String) -> String? {
    guard runtime.hasPrefix("/"), isPrivateDirectory(runtime, groupMayRead: true) else {
      return nil
    }
    let directory = runtime + "/login-form"
    if mkdir(directory, 0o700) != 0, errno != EEXIST { return nil }
    return isPrivateDirectory(directory, groupMayRead: false) ? directory : nil
  }

  private static func isPrivateDirectory(_ path: String, groupMayRead: Bool) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid()
    else { return false }
    let forbidden: mode_t = groupMayRead ? 0o022 : 0o077
    return info.st_mode & forbidden == 0
  }

  private func path(of name: String) -> String? {
    guard let directory else { return nil }
    let bytes = Array(name.utf8)
    guard let digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256, bytes, gsize(bytes.count))
    else { return nil }
    defer { g_free(digest) }
    return directory + "/" + String(cString: digest)
  }

  @discardableResult
  package func put(_ name: String, _ value: String) -> Bool {
    guard let path = path(of: name) else { return false }
    removeExpired()
    unlink(path)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var text = value
    let written = text.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
    return written == value.utf8.count
  }

  package func take(_ name: String) -> String? {
    guard let path = path(of: name) else { return nil }
    // Without O_NONBLOCK a FIFO planted here would hold the open (and the
    // read) until someone writes to it; only a regular file is a note.
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    unlink(path)
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_uid == geteuid(), Self.isFresh(info)
    else { return nil }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }

  /// Written within `maximumAge` seconds, and not in the future.
  private static func isFresh(_ info: stat) -> Bool {
    let age = time(nil) - info.st_mtim.tv_sec
    return age >= -5 && age <= maximumAge
  }

  /// Removes the notes nobody took in time.
  private func removeExpired() {
    guard let directory, let listing = g_dir_open(directory, 0, nil) else { return }
    defer { g_dir_close(listing) }
    while let entry = g_dir_read_name(listing) {
      let path = directory + "/" + String(cString: entry)
      var info = stat()
      if lstat(path, &info) == 0, !Self.isFresh(info) { unlink(path) }
    }
  }
}
