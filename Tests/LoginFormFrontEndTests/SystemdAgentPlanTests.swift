import LoginFormFrontEnd
import LoginFormModel
import LoginFormPrompt
import LoginFormProtocols
import LoginFormTestSupport
import Testing

/// What the systemd agent asks, in which words, and how each end is
/// answered.
@Suite struct SystemdAgentPlanTests {
  private func query(
    message: String? = nil, id: String? = nil, pid: Int? = 42, notAfter: UInt64? = nil,
    echoes: Bool = false, silent: Bool = false, icon: String? = nil
  ) -> AskPasswordQuery {
    var query = AskPasswordQuery(socket: "/run/systemd/ask-password/sck.1")
    query.message = message
    query.id = id
    query.processID = pid
    query.notAfter = notAfter
    query.echoes = echoes
    query.isSilent = silent
    query.icon = icon
    return query
  }

  private func asked(_ query: AskPasswordQuery, now: UInt64 = 1_000, alive: Bool = true)
    -> FormDescription?
  {
    guard
      case .ask(let form, _) = SystemdAgentPlan.decide(
        query, now: now, askerIsAlive: alive, requester: "systemd-cryptsetup@backup.service",
        environment: LaunchEnvironment())
    else { return nil }
    return form
  }

  @Test func aDiskIsNamedAsADiskWithItsDevice() throws {
    let form = try #require(
      asked(
        query(
          message: "Please enter passphrase for disk Backup (backup):", id: "cryptsetup:/dev/sdb1",
          icon: "drive-harddisk")))
    #expect(form.title == "Unlock Disk")
    #expect(
      form.text
        == "Unlock the encrypted disk “\u{2068}Backup (backup)\u{2069}” (\u{2068}/dev/sdb1\u{2069})."
    )
    #expect(form.passwordLabel == "_Passphrase")
    #expect(form.okLabel == "_Unlock")
    #expect(form.shape == .passwordOnly)
    #expect(form.options.window.icon == "drive-harddisk")
    #expect(form.options.requester == "systemd-cryptsetup@backup.service")
  }

  @Test func aDiskWithAnotherMessageKeepsItAndAddsTheDevice() throws {
    let form = try #require(asked(query(message: "Backup key?", id: "cryptsetup:/dev/sdc")))
    #expect(form.title == "Unlock Disk")
    #expect(form.text?.contains("Backup key?") == true)
    #expect(form.text?.contains("/dev/sdc") == true)
    let bare = try #require(asked(query(id: "cryptsetup:/dev/sdc")))
    #expect(bare.text == "Unlock the encrypted disk \u{2068}/dev/sdc\u{2069}.")
  }

  @Test func aSecurityTokenPINSaysToTouchTheKeyAfter() throws {
    let form = try #require(asked(query(message: "Please enter security token PIN:")))
    #expect(form.title == "Security Key PIN")
    #expect(form.passwordLabel == "_PIN")
    #expect(form.text?.hasSuffix("After the PIN, touch the security key if it blinks.") == true)
  }

  @Test func anythingElseIsAskedInTheAskersWords() throws {
    let form = try #require(asked(query(message: "Passphrase for test:", icon: "/tmp/evil.png")))
    #expect(form.title == "Password Required")
    #expect(form.text == "\u{2068}Passphrase for test:\u{2069}")
    #expect(form.options.window.icon == nil, "an icon name, never a file")
    #expect(try #require(self.asked(query())).text == "A system service asks for a password.")
  }

  @Test func echoAndSilentShapeThePasswordField() throws {
    #expect(try #require(asked(query())).passwordEcho == .masked)
    #expect(try #require(asked(query(echoes: true))).passwordEcho == .shownAtFirst)
    #expect(try #require(asked(query(echoes: true, silent: true))).passwordEcho == .silent)
  }

  @Test func aGoneAskerOrAPassedDeadlineIsNotAsked() {
    #expect(asked(query(), alive: false) == nil)
    #expect(asked(query(pid: nil), alive: false) != nil, "no PID: nothing to check")
    #expect(asked(query(notAfter: 1_000), now: 1_000) == nil)
    #expect(asked(query(notAfter: 1_001), now: 1_000) != nil)
    guard
      case .ask(_, let deadline) = SystemdAgentPlan.decide(
        query(notAfter: 5_000), now: 1_000, askerIsAlive: true, requester: nil,
        environment: LaunchEnvironment())
    else { return #expect(Bool(false)) }
    #expect(deadline == 5_000)
  }

  @Test func theSecretIsLongEnoughForSystemdsReaderAndNoLonger() throws {
    let rules = try #require(asked(query())).rules.password
    #expect(rules.maximumBytes == 2047)
    #expect(rules.maximumLength == 2047, "ASCII: as many characters as bytes")
    #expect(rules.minimumLength == 1)
  }

  @Test func eachEndBecomesItsReply() throws {
    let secret = TestSecret("pw")
    let submitted = SubmittedForm(username: nil, password: secret, passwordWasRepeated: false)
    guard case .secret = SystemdAgentPlan.reply(to: .submitted(submitted)) else {
      return #expect(Bool(false))
    }
    for refused in [PromptResult.cancelled, .closed, .timedOut] {
      guard case .refusal = SystemdAgentPlan.reply(to: refused) else {
        return #expect(Bool(false), "\(refused)")
      }
    }
    for none in [
      PromptResult.interrupted(signal: 15), .lockedMemoryUnavailable, .keyboardUnavailable,
    ] {
      guard case .none = SystemdAgentPlan.reply(to: none) else {
        return #expect(Bool(false), "\(none)")
      }
    }
  }

  @Test func aServiceIsNamedFromItsCgroup() {
    #expect(
      SystemdUnit.service(
        fromCgroup:
          "0::/system.slice/system-systemd\\x2dcryptsetup.slice/systemd-cryptsetup@backup.service\n"
      )
        == "systemd-cryptsetup@backup.service")
    #expect(
      SystemdUnit.service(fromCgroup: "0::/user.slice/user-1000.slice/session-2.scope\n") == nil)
    #expect(SystemdUnit.service(fromCgroup: "12:cpu:/x.service\n") == nil, "v1 lines are not read")
  }
}
