import CGtk

/// Swift strings as a C argument vector, for parsing a command line in tests
/// the way `main` receives it.
struct CArguments {
  private let arguments: [String]

  init(_ arguments: [String]) {
    self.arguments = arguments
  }

  /// Calls `body` with a NULL-terminated copy of the arguments.
  func withArgv<Result, Failure: Error>(
    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
      capacity: arguments.count + 1)
    defer { vector.deallocate() }
    for (index, argument) in arguments.enumerated() { vector[index] = strdup(argument) }
    vector[arguments.count] = nil
    defer { for index in arguments.indices { free(vector[index]) } }
    return try body(vector)
  }
}
