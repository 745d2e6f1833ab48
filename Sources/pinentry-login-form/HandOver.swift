import CProcess
import Glibc
import LoginFormFrontEnd
import LoginFormPrompt
import LoginFormStreams

/// How the quick program becomes login-form, the binary beside it, when
/// something has to be shown: in the same process (an exec), so that the
/// client talks to one program from start to end.
enum HandOver {
  /// Executes login-form with `arguments` (the program name first, which
  /// picks its mode), handing it `record`, if any, in a sealed in-memory
  /// file the environment names, and `input`, if any, as its standard
  /// input.
  static func becomeLoginForm(
    arguments: [String], handing record: HandOff? = nil, input: Int32? = nil
  ) -> Never {
    if let record {
      let bytes = record.encoded()
      let descriptor = bytes.withUnsafeBytes { lf_hand_off_file($0.baseAddress, $0.count) }
      guard descriptor >= 0 else { cannotHandOver(errno) }
      setenv(HandOff.environmentVariable, String(descriptor), 1)
    }
    if let input, dup2(input, 0) < 0 { cannotHandOver(errno) }
    guard let path = loginFormPath else {
      // TRANSLATORS: login-form is the program's name; %s the system's reason.
      fail(formatted(localized("Cannot find login-form: %s"), reason(errno)))
    }
    let argv = arguments.map { strdup($0) } + [nil]
    execv(path, argv)
    let shown = path.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    // TRANSLATORS: a program's path, then the system's reason.
    fail(formatted(localized("Cannot start %s: %s"), shown, reason(errno)))
  }

  /// Says why what was read so far could not be handed over, and exits
  /// with status 2.
  static func cannotHandOver(_ errorNumber: Int32) -> Never {
    // TRANSLATORS: to the program that shows windows; %s is the system's reason.
    fail(formatted(localized("Cannot hand the request over: %s"), reason(errorNumber)))
  }

  /// login-form's path, as the C string `execv` takes: beside this
  /// program, as installed and as built, byte for byte (a directory's name
  /// need not be UTF-8).
  private static var loginFormPath: [CChar]? {
    var own = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &own, own.count - 1)
    guard count > 0, let slash = own[..<count].lastIndex(of: CChar(UInt8(ascii: "/"))) else {
      return nil
    }
    return Array(own[...slash]) + "login-form".utf8CString
  }

  private static func reason(_ errorNumber: Int32) -> String {
    String(cString: strerror(errorNumber))
  }

  private static func fail(_ message: String) -> Never {
    Diagnostics.warn(message)
    exit(2)
  }
}
