import Glibc

/// A call (returning text) run on a thread of its own, so that a test can wait for it with a
/// limit: a call that blocks (a FIFO's `open`) fails the test instead of
/// hanging it. The thread says it is done through a pipe the test polls.
final class ThreadedCall: @unchecked Sendable {
  private let body: () -> String?
  /// What the call returned, once it ended.
  private(set) var result: String?
  private var thread = pthread_t()
  private var done: [Int32] = [-1, -1]

  init(_ body: @escaping () -> String?) {
    self.body = body
    precondition(pipe(&done) == 0)
    let context = Unmanaged.passRetained(self).toOpaque()
    precondition(
      pthread_create(
        &thread, nil,
        { context in
          let call = Unmanaged<ThreadedCall>.fromOpaque(context!).takeRetainedValue()
          call.result = call.body()
          var byte: UInt8 = 1
          _ = write(call.done[1], &byte, 1)
          return nil
        }, context) == 0)
  }

  /// Whether the call ended within `seconds`.
  func ended(within seconds: Int32) -> Bool {
    var descriptor = pollfd(fd: done[0], events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&descriptor, 1, seconds * 1000)
      if ready < 0, errno == EINTR { continue }
      return ready > 0
    }
  }

  /// Waits for the thread to end (after whatever unblocked it).
  func join() {
    pthread_join(thread, nil)
    close(done[0])
    close(done[1])
  }
}
