/// Keeps an observer registered. Cancel it, or let it go, to stop the calls.
public final class ObservationToken {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops the calls at once, even in the middle of a delivery. Cancelling
  /// twice is harmless.
  public func cancel() {
    let action = onCancel
    onCancel = nil
    action?()
  }

  deinit {
    cancel()
  }
}
