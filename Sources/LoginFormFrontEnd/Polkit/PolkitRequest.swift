/// One authentication polkitd asks its agent for, as the agent shows it.
package struct PolkitRequest: Sendable {
  /// The action, such as `org.freedesktop.policykit.exec`.
  package var actionID: String
  /// polkit's sentence for the action ("Authentication is needed to run
  /// `/usr/bin/true' as the super user").
  package var message: String
  /// The process that asked polkitd (`polkit.caller-pid`: pkexec, pkcheck,
  /// udisksd), if polkitd said.
  package var callerProcessID: Int?
  /// The process that would be granted the action (`polkit.subject-pid`),
  /// if polkitd said.
  package var subjectProcessID: Int?
  /// Whose password would do, in polkitd's order.
  package var users: [PolkitUser]

  package init(
    actionID: String, message: String, callerProcessID: Int? = nil,
    subjectProcessID: Int? = nil, users: [PolkitUser]
  ) {
    self.actionID = actionID
    self.message = message
    self.callerProcessID = callerProcessID
    self.subjectProcessID = subjectProcessID
    self.users = users
  }

  /// A process id from a polkit detail's text, if it is one.
  package static func processID(fromDetail text: String?) -> Int? {
    guard let text, let value = Int(text), value > 0 else { return nil }
    return value
  }

  /// The processes worth naming as the asker, in the order to try them:
  /// the caller (pkexec, pkcheck) when it is the user's own program, else
  /// the subject, the program that gains the action (a file manager that
  /// mounts through udisksd, systemctl through systemd).
  package var askerCandidates: [Int] {
    var candidates: [Int] = []
    for pid in [callerProcessID, subjectProcessID].compactMap({ $0 })
    where !candidates.contains(pid) {
      candidates.append(pid)
    }
    return candidates
  }
}
