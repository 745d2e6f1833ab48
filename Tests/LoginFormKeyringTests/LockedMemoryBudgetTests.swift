import Testing

@testable import LoginFormKeyring

/// The password manager is used only with room for libsecret's locked
/// pool beside login-form's, and only over an encrypted session.
@Suite struct LockedMemoryBudgetTests {
  @Test func belowTwoPoolBlocksThePasswordManagerIsNotUsed() {
    for limit: UInt64 in [0, 12_288, 16_384, 24_576, 28_672, 32_767] {
      #expect(
        !LockedMemoryBudget.allowsPasswordManager(
          limit: limit, locked: 0, locksBeyondLimit: false),
        "\(limit)")
    }
  }

  @Test func twoBlocksNoLimitOrCapIPCLockAreEnough() {
    for limit: UInt64? in [32_768, 65_536, 8 << 20, nil] {
      #expect(
        LockedMemoryBudget.allowsPasswordManager(
          limit: limit, locked: 16_384, locksBeyondLimit: false))
    }
    #expect(
      LockedMemoryBudget.allowsPasswordManager(
        limit: 16_384, locked: 16_384, locksBeyondLimit: true))
  }

  @Test func whatIsLockedAlreadyMustLeaveLibsecretsBlock() {
    #expect(
      !LockedMemoryBudget.allowsPasswordManager(
        limit: 32_768, locked: 20_480, locksBeyondLimit: false))
    #expect(
      LockedMemoryBudget.allowsPasswordManager(
        limit: 65_536, locked: 32_768, locksBeyondLimit: false))
  }

  @Test func aPlainSessionOrNoneIsNotEncrypted() {
    #expect(!SecretServiceStore.isEncrypted(algorithms: "plain"))
    #expect(!SecretServiceStore.isEncrypted(algorithms: nil))
    #expect(SecretServiceStore.isEncrypted(algorithms: "dh-ietf1024-sha256-aes128-cbc-pkcs7"))
  }
}
