/// Orders change notifications so that observers see every change once, in
/// the order the changes happened, even when an observer writes to the model.
///
/// A mutation first updates all state, then queues one delivery per derived
/// value that changed, then drains the queue. A write made by an observer
/// during delivery updates the state at once and queues its own deliveries
/// behind the current ones, instead of nesting them inside; so an observer is
/// never re-entered and never sees an older value after a newer one.
final class ChangeDispatcher {
  private var pending: [() -> Void] = []
  private var isDelivering = false
  /// Counts changes; observers remember it at registration to skip the
  /// changes their initial value already includes.
  private(set) var sequence = 0

  /// Numbers a new change.
  func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  /// Queues a delivery to run on the next `deliverPending()`.
  func enqueue(_ delivery: @escaping () -> Void) {
    pending.append(delivery)
  }

  /// Runs queued deliveries, including those queued while running, unless a
  /// delivery further up the stack is already doing so.
  func deliverPending() {
    deliver {}
  }

  /// Runs `body` as a delivery (so writes it makes queue instead of nesting),
  /// then drains the queue if no delivery further up the stack will.
  func deliver(_ body: () -> Void) {
    guard !isDelivering else {
      body()
      return
    }
    isDelivering = true
    defer { isDelivering = false }
    body()
    var next = 0
    while next < pending.count {
      let delivery = pending[next]
      next += 1
      delivery()
    }
    pending.removeAll()
  }
}
