import LoginFormTestSupport
import Testing

@testable import LoginFormModel

@Suite struct ObservationTests {
  @Test func anObserverIsCalledOnceAtOnceWithTheCurrentValue() {
    let form = LoginForm(username: "abcdef", password: "abcdefg")
    var seen: [Bool] = []
    let token = form.observeValidity { seen.append($0) }
    #expect(seen == [true])
    _ = token
  }

  @Test func typingAValidPasswordFlipsValidityExactlyOnce() {
    let form = LoginForm(username: "abcdef")
    var seen: [Bool] = []
    let token = form.observeValidity { seen.append($0) }
    for length in 1...7 {
      form.password = String("abcdefg".prefix(length))
    }
    #expect(seen == [false, true])
    form.password = "abcdefgh"
    #expect(seen == [false, true])
    form.password = "abcdef"
    #expect(seen == [false, true, false])
    token.cancel()
  }

  @Test func aFailedSubmitAnnouncesTheNewlyVisibleIssues() {
    let form = LoginForm()
    var seen: [FieldFeedback?] = []
    let token = form.observeFeedback(of: .password) { seen.append($0) }
    _ = form.submit()
    _ = form.submit()
    #expect(seen == [nil, FieldFeedback(issue: .tooShort(minimum: 7, missing: 7), isError: true)])
    token.cancel()
  }

  @Test func noCallsArriveAfterCancel() {
    let form = LoginForm(username: "abcdef")
    var calls = 0
    let token = form.observeValidity { _ in calls += 1 }
    token.cancel()
    form.password = "abcdefg"
    form.password = ""
    #expect(calls == 1)
  }

  @Test func releasingTheTokenFreesTheObserver() {
    final class Sentinel {}
    let form = LoginForm(username: "abcdef")
    weak var weakSentinel: Sentinel?
    var calls = 0
    var token: ObservationToken?
    do {
      let sentinel = Sentinel()
      weakSentinel = sentinel
      token = form.observeValidity { _ in
        withExtendedLifetime(sentinel) { calls += 1 }
      }
    }
    #expect(weakSentinel != nil)
    #expect(token != nil)
    token = nil
    #expect(weakSentinel == nil)
    form.password = "abcdefg"
    #expect(calls == 1)
  }

  @Test func theFormIsFreedWhileATokenStillExists() {
    weak var weakForm: LoginForm?
    var token: ObservationToken?
    do {
      let form = LoginForm()
      weakForm = form
      token = form.observeValidity { _ in }
    }
    #expect(weakForm == nil)
    token?.cancel()
  }

  @Test func anObserverAddedDuringADeliveryWithItsChangeQueuedSeesThatChangeOnce() {
    let form = LoginForm()
    var seen: [FieldFeedback?] = []
    var late: ObservationToken?
    let trigger = form.observeValidity { valid in
      guard valid, late == nil else { return }
      // Queues a change of the username's message behind this delivery,
      // then asks for that message: the first call already shows the new
      // value, so the queued change must not repeat it.
      form.username = "bo"
      late = form.observeFeedback(of: .username) { seen.append($0) }
    }
    form.username = "abcdef"
    form.password = "abcdefg"
    #expect(seen == [FieldFeedback(issue: .tooShort(minimum: 6, missing: 4), isError: false)])
    form.username = "bob"
    #expect(seen.count == 2, "later changes still arrive")
    trigger.cancel()
    late?.cancel()
  }

  @Test func editingTheUsernameDoesNotReadThePasswordAgain() {
    let form = LoginForm()
    let password = TestSecret("hunter22")
    form.update(.password, from: password)
    let reads = password.reads
    form.username = "a"
    form.username = "ab"
    form.leave(.username)
    #expect(password.reads == reads)
  }

  @Test func aWriteFromInsideAnObserverIsDeliveredInOrderAfterTheCurrentChange() {
    let form = LoginForm(username: "abcdef")
    var first: [Bool] = []
    var second: [Bool] = []
    var secondSawModel: [Bool] = []
    // The first observer rejects the form as soon as it becomes valid.
    let rejecting = form.observeValidity { valid in
      first.append(valid)
      if valid { form.password = "short" }
    }
    let watching = form.observeValidity { valid in
      second.append(valid)
      secondSawModel.append(form.isValid)
    }
    form.password = "abcdefg"
    #expect(first == [false, true, false])
    #expect(second == [false, true, false])
    // The write took effect at once: the second observer, called for the
    // change to true, already reads the newer state from the model.
    #expect(secondSawModel == [false, false, false])
    #expect(form.isValid == false)
    #expect(form.password == "short")
    rejecting.cancel()
    watching.cancel()
  }

  @Test func anObserverRegisteredDuringANotificationGetsOnlyItsInitialValue() {
    let form = LoginForm(username: "abcdef")
    var late: [Bool] = []
    var lateToken: ObservationToken?
    let token = form.observeValidity { valid in
      if valid && lateToken == nil {
        lateToken = form.observeValidity { late.append($0) }
      }
    }
    form.password = "abcdefg"
    #expect(late == [true])
    form.password = ""
    #expect(late == [true, false])
    token.cancel()
  }

  @Test func anObserverCancelledDuringANotificationIsNotCalledAgain() {
    let form = LoginForm(username: "abcdef")
    var laterCalls = 0
    var later: ObservationToken?
    let canceller = form.observeValidity { valid in
      if valid { later?.cancel() }
    }
    later = form.observeValidity { _ in laterCalls += 1 }
    form.password = "abcdefg"
    #expect(laterCalls == 1)
    canceller.cancel()
  }
}
