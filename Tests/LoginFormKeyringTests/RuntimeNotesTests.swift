import Glibc
import LoginFormKeyring
import Testing

/// The notes between processes under XDG_RUNTIME_DIR: read once, private,
/// short-lived, and never where another user could put or read them.
@Suite struct RuntimeNotesTests {
  @Test func aNoteIsReadOnceUnderItsOwnName() {
    let runtime = Scratch()
    defer { runtime.remove() }
    let notes = RuntimeNotes(runtimeDirectory: runtime.path)
    #expect(notes.isAvailable)
    #expect(notes.put("git\0https\0example.com\0\0bob", "remember"))
    #expect(notes.put("other", "x"))
    #expect(notes.take("git\0https\0example.com\0\0bob") == "remember")
    #expect(notes.take("git\0https\0example.com\0\0bob") == nil)
    #expect(notes.take("git\0https\0example.com\0\0carol") == nil)
    #expect(notes.take("other") == "x")
  }

  @Test func notesArePrivateFilesNamedByAHash() throws {
    let runtime = Scratch()
    defer { runtime.remove() }
    let notes = RuntimeNotes(runtimeDirectory: runtime.path)
    notes.put("git\0https\0example.com\0\0bob", "remember")
    #expect(runtime.listing() == ["login-form"])
    var info = stat()
    stat(runtime.path + "/login-form", &info)
    #expect(info.st_mode & 0o777 == 0o700)
    let names = runtime.listing("login-form")
    let name = try #require(names.first)
    #expect(names.count == 1)
    #expect(name.count == 64 && name.allSatisfy(\.isHexDigit))
    stat(runtime.path + "/login-form/" + name, &info)
    #expect(info.st_mode & 0o777 == 0o600)
  }

  @Test func anOldNoteIsIgnoredAndSweptAway() throws {
    let runtime = Scratch()
    defer { runtime.remove() }
    let notes = RuntimeNotes(runtimeDirectory: runtime.path)
    notes.put("old", "remember")
    let file = runtime.path + "/login-form/" + (try #require(runtime.listing("login-form").first))
    let then = time(nil) - RuntimeNotes.maximumAge - 1
    var times = [timeval(tv_sec: then, tv_usec: 0), timeval(tv_sec: then, tv_usec: 0)]
    #expect(utimes(file, &times) == 0)
    #expect(notes.take("old") == nil)

    notes.put("stale", "x")
    let stale = runtime.path + "/login-form/" + (try #require(runtime.listing("login-form").first))
    #expect(utimes(stale, &times) == 0)
    notes.put("fresh", "y")
    #expect(runtime.listing("login-form").count == 1, "the stale note was swept")
    #expect(notes.take("fresh") == "y")
  }

  @Test func aRuntimeDirectoryOthersMayWriteOrNoneIsNotUsed() {
    let open = Scratch(mode: 0o777)
    defer { open.remove() }
    for directory in [open.path, "relative/run", "/nonexistent/run", nil] as [String?] {
      let notes = RuntimeNotes(runtimeDirectory: directory)
      #expect(!notes.isAvailable, "\(directory ?? "nil")")
      #expect(!notes.put("name", "value"))
      #expect(notes.take("name") == nil)
    }
  }

  @Test func aSymlinkIsNeverFollowed() throws {
    let runtime = Scratch()
    let elsewhere = Scratch()
    defer {
      runtime.remove()
      elsewhere.remove()
    }
    // The notes' directory itself.
    symlink(elsewhere.path, runtime.path + "/login-form")
    #expect(!RuntimeNotes(runtimeDirectory: runtime.path).isAvailable)
    unlink(runtime.path + "/login-form")

    // A note planted as a link to another file.
    let notes = RuntimeNotes(runtimeDirectory: runtime.path)
    notes.put("name", "remember")
    let note = runtime.path + "/login-form/" + (try #require(runtime.listing("login-form").first))
    unlink(note)
    symlink(elsewhere.write("target", "remember"), note)
    #expect(notes.take("name") == nil)
    #expect(elsewhere.listing() == ["target"])
  }

  /// Where the note `name` would be, with no note there.
  private func emptyNotePath(_ name: String, in runtime: Scratch) throws -> String {
    let notes = RuntimeNotes(runtimeDirectory: runtime.path)
    notes.put(name, "remember")
    let note = runtime.path + "/login-form/" + (try #require(runtime.listing("login-form").first))
    unlink(note)
    return note
  }

  @Test func aFifoPlantedAsTheNoteIsRefusedWithoutWaiting() throws {
    let runtime = Scratch()
    defer { runtime.remove() }
    let note = try emptyNotePath("name", in: runtime)
    #expect(mkfifo(note, 0o600) == 0)
    let directory = runtime.path
    let call = ThreadedCall { RuntimeNotes(runtimeDirectory: directory).take("name") }
    if !call.ended(within: 10) {
      Issue.record("reading the note waited for a writer to open the FIFO")
      // Opening the other end lets the blocked open return.
      let writer = open(note, O_WRONLY | O_NONBLOCK)
      close(writer)
    }
    call.join()
    #expect(call.result == nil)
  }

  @Test func aFifoWithAWriterIsNotReadAsANote() throws {
    let runtime = Scratch()
    defer { runtime.remove() }
    let note = try emptyNotePath("name", in: runtime)
    #expect(mkfifo(note, 0o600) == 0)
    // Holding both ends, with a note's text waiting in it: nothing here can
    // block, and only the file's type tells it from a note.
    let ends = open(note, O_RDWR | O_NONBLOCK)
    defer { close(ends) }
    var text = Array("remember".utf8)
    #expect(write(ends, &text, text.count) == text.count)
    #expect(RuntimeNotes(runtimeDirectory: runtime.path).take("name") == nil)
  }
}
