import CSecret
import LoginFormFrontEnd

/// Runs one asynchronous GIO call (a bus connection, a D-Bus method,
/// libsecret's) on a main context of the keyring's own and waits for it, at
/// most until its deadline: then the call is cancelled, and the caller
/// hears "no answer", never a hang. The program's own main loop (a pinentry
/// reading its agent, a window) does not run meanwhile, so nothing re-enters
/// the caller.
enum KeyringCall {
  /// How long the Secret Service has to answer each call.
  static let seconds = 2
  /// After a cancel, how long GIO has to report it.
  static let graceMicroseconds = 500_000

  /// The context every call runs on; GIO delivers each answer to the
  /// context that was the thread's default when the call began.
  nonisolated(unsafe) static let context = g_main_context_new()

  /// What a call's callback delivers.
  final class Completion {
    var result: gpointer?
    var isDone = false
    /// Set when the waiter gave up: a late answer is then dropped.
    var isAbandoned = false
  }

  /// Starts the call with `start` (handing it a cancellable, the callback
  /// and its data), waits, then passes the result to `finish`.
  static func run<Value>(
    _ start: (
      _ cancellable: UnsafeMutablePointer<GCancellable>, _ callback: GAsyncReadyCallback,
      _ data: gpointer
    ) -> Void,
    finish: (_ result: OpaquePointer) -> Result<Value, KeyringFailure>
  ) -> Result<Value, KeyringFailure> {
    g_main_context_push_thread_default(context)
    defer { g_main_context_pop_thread_default(context) }
    let cancellable = g_cancellable_new()!
    defer { g_object_unref(cancellable) }
    let completion = Completion()
    let callback: GAsyncReadyCallback = { _, result, data in
      let completion = Unmanaged<Completion>.fromOpaque(data!).takeRetainedValue()
      completion.isDone = true
      if !completion.isAbandoned, let result {
        completion.result = g_object_ref(UnsafeMutableRawPointer(result))
      }
    }
    start(cancellable, callback, Unmanaged.passRetained(completion).toOpaque())
    let deadline = g_get_monotonic_time() + seconds * 1_000_000
    wait(for: completion, until: deadline)
    if !completion.isDone {
      g_cancellable_cancel(cancellable)
      wait(for: completion, until: g_get_monotonic_time() + graceMicroseconds)
    }
    guard completion.isDone, let result = completion.result else {
      completion.isAbandoned = true
      return .failure(.noAnswer(seconds: seconds))
    }
    defer { g_object_unref(result) }
    return finish(OpaquePointer(result))
  }

  /// Iterates the context until the call is done or `deadline` (monotonic
  /// microseconds) passes; a timer wakes the wait at the deadline.
  private static func wait(for completion: Completion, until deadline: Int) {
    let remaining = max(0, deadline - g_get_monotonic_time())
    let timer = g_timeout_source_new(guint(remaining / 1000 + 1))!
    // It only has to wake the wait; returning false removes it.
    g_source_set_callback(timer, { _ in 0 }, nil, nil)
    g_source_attach(timer, context)
    defer {
      g_source_destroy(timer)
      g_source_unref(timer)
    }
    while !completion.isDone, g_get_monotonic_time() < deadline {
      g_main_context_iteration(context, lf_secret_true)
    }
  }

  /// The failure `error` reports (and frees it); a cancel is no answer.
  /// This is where a GError's message becomes a failure, and so one safe
  /// line (`ServiceMessage`): the service's text may hold escapes.
  static func failure(_ error: UnsafeMutablePointer<GError>?) -> KeyringFailure {
    guard let error else { return .failed("unknown error") }
    defer { g_error_free(error) }
    if g_error_matches(error, g_io_error_quark(), gint(G_IO_ERROR_CANCELLED.rawValue)) != 0 {
      return .noAnswer(seconds: seconds)
    }
    return .failed(ServiceMessage(String(cString: error.pointee.message)))
  }
}
