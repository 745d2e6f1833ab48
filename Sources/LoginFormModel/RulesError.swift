/// Why a set of rules could not be built.
public enum RulesError: Error, Hashable, Sendable {
  /// A minimum length below zero.
  case negativeMinimum(Int)
  /// A maximum length below one.
  case nonPositiveMaximum(Int)
  /// A minimum length above the maximum, which no value could satisfy.
  case minimumAboveMaximum(minimum: Int, maximum: Int)
  /// A byte limit below one.
  case nonPositiveByteLimit(Int)
}
