/// A derived value and the observers that want each of its changes.
final class ObservedValue<Value: Equatable> {
  private final class Observer {
    let callback: (Value) -> Void
    /// The dispatcher's sequence at registration: the initial call already
    /// showed every change up to it.
    let since: Int
    var isActive = true

    init(callback: @escaping (Value) -> Void, since: Int) {
      self.callback = callback
      self.since = since
    }
  }

  private(set) var value: Value
  private var observers: [Observer] = []
  private let dispatcher: ChangeDispatcher

  init(_ value: Value, dispatcher: ChangeDispatcher) {
    self.value = value
    self.dispatcher = dispatcher
  }

  /// Stores `newValue`; if it differs, queues one call per observer.
  func update(_ newValue: Value) {
    guard newValue != value else { return }
    value = newValue
    let sequence = dispatcher.nextSequence()
    dispatcher.enqueue { [weak self] in
      // Read the list at delivery time: observers cancelled or added since
      // the change must not be called for it.
      guard let self else { return }
      for observer in self.observers where observer.isActive && observer.since < sequence {
        observer.callback(newValue)
      }
    }
  }

  /// Registers `callback`, calls it once at once with the current value, and
  /// returns the token that keeps it registered.
  func observe(_ callback: @escaping (Value) -> Void) -> ObservationToken {
    let observer = Observer(callback: callback, since: dispatcher.sequence)
    observers.append(observer)
    let token = ObservationToken { [weak self] in
      observer.isActive = false
      self?.observers.removeAll { $0 === observer }
    }
    let current = value
    dispatcher.deliver { callback(current) }
    return token
  }
}
